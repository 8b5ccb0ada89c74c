import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { cn } from '../../lib/cn.ts';
import { useViewer } from '../auth/index.ts';
import { newPollDraft } from '../polls/index.ts';
import { ComposerDetails, ComposerTextBox } from './composer-fields.tsx';
import { ComposerTools, PostControls } from './composer-tools.tsx';
import { useComposer } from './use-composer.ts';

/**
 * The composer a signed-in member writes in: text, an attachment, and vault mode. Its state,
 * checks and submit are useComposer's, which the Create page shares.
 */
export function SignedInComposer() {
  const { t } = useLingui();
  const viewer = useViewer();
  const textareaId = useId();
  const counterId = useId();
  const composer = useComposer(viewer.wallet);
  const { state, dispatch, submit, pending } = composer;

  return (
    <section
      aria-label={t`Create a post`}
      data-testid="composer"
      className={cn(
        'rounded-card border bg-surface/80 p-4 transition-colors',
        state.vaultMode
          ? 'border-dum/40'
          : state.capsuleMode
            ? 'border-primary/40'
            : 'border-border',
      )}
    >
      <form onSubmit={submit} noValidate aria-busy={pending || undefined}>
        <ComposerTextBox
          composer={composer}
          textareaId={textareaId}
          counterId={counterId}
          className="min-h-24 max-h-80"
        />
        <ComposerDetails composer={composer} />
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center">
          <ComposerTools
            vaultMode={state.vaultMode}
            capsuleMode={state.capsuleMode}
            disabled={pending}
            onAttach={(picked) => dispatch({ type: 'attach', attachment: picked })}
            onToggleVault={() => dispatch({ type: 'toggleVault' })}
            onToggleCapsule={() => dispatch({ type: 'toggleCapsule' })}
            pollMode={state.poll !== null}
            onTogglePoll={() =>
              dispatch({ type: 'poll', poll: state.poll ? null : newPollDraft() })
            }
          />
          <PostControls composer={composer} counterId={counterId} />
        </div>
      </form>
    </section>
  );
}
