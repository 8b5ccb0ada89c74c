import { useId, useReducer, type KeyboardEvent } from 'react';
import { cn } from '../../lib/cn.ts';
import { AUTH_TOASTS } from '../auth/auth-messages.ts';
import { AttachmentPreview } from './composer-attachment-preview.tsx';
import { COMPOSER_TEXTAREA_CLASS, SignedOutComposer } from './composer-signed-out.tsx';
import { composerReducer, INITIAL_COMPOSER_STATE } from './composer-state.ts';
import { ComposerTools, PostControls } from './composer-tools.tsx';
import { ComposerCapsuleFields } from '../capsules/composer-capsule-fields.tsx';
import { ComposerVaultFields } from './composer-vault-fields.tsx';
import { charactersLeft, LENGTH_WARNING_REMAINING, POST_MAX_LENGTH } from './limits.ts';
import { useComposerSubmit } from './use-composer-submit.ts';
import { useViewer } from './use-viewer.ts';

/** The feed's composer: gated for signed-out visitors; text, media and vault mode once signed in. */
export function Composer() {
  const viewer = useViewer();
  if (!viewer.isAuthenticated) {
    // Its sign-in toast says posting is open now.
    const signIn = () => viewer.signIn({ successToast: AUTH_TOASTS.readyToPost });
    return <SignedOutComposer busy={viewer.status === 'signing-in'} signIn={signIn} />;
  }
  return <SignedInComposer />;
}

/** The composer a signed-in member writes in: text, an attachment, and vault mode. */
function SignedInComposer() {
  const viewer = useViewer();
  const textareaId = useId();
  const counterId = useId();
  const [state, dispatch] = useReducer(composerReducer, INITIAL_COMPOSER_STATE);
  const { submit, pending } = useComposerSubmit(state, dispatch, viewer.wallet);
  const { text, vaultMode, capsuleMode, attachment } = state;
  const remaining = charactersLeft(text, POST_MAX_LENGTH);
  const tooLong = remaining < 0;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit();
  };

  return (
    <section
      aria-label="Create a post"
      data-testid="composer"
      className={cn(
        'rounded-card border bg-surface/80 p-4 transition-colors',
        vaultMode ? 'border-dum/40' : capsuleMode ? 'border-primary/40' : 'border-border',
      )}
    >
      <form onSubmit={submit} noValidate aria-busy={pending || undefined}>
        <label htmlFor={textareaId} className="sr-only">
          What’s your vibe?
        </label>
        <textarea
          id={textareaId}
          // 'Write a post' in the welcome banner and the empty feed focuses this box.
          data-composer-input=""
          value={text}
          onChange={(event) => dispatch({ type: 'text', text: event.target.value })}
          onKeyDown={onKeyDown}
          rows={3}
          placeholder={
            vaultMode
              ? 'What are you locking in a vault?'
              : capsuleMode
                ? 'What should open later?'
                : 'What’s your vibe?'
          }
          aria-describedby={remaining <= LENGTH_WARNING_REMAINING ? counterId : undefined}
          aria-invalid={tooLong || undefined}
          disabled={pending}
          className={cn(COMPOSER_TEXTAREA_CLASS, 'min-h-24 field-sizing-content max-h-80')}
        />
        {vaultMode && <ComposerVaultFields state={state} dispatch={dispatch} disabled={pending} />}
        {capsuleMode && (
          <ComposerCapsuleFields
            unlockAt={state.unlockAt}
            onChange={(value) => dispatch({ type: 'unlockAt', value })}
            disabled={pending}
          />
        )}
        {attachment && (
          <AttachmentPreview
            attachment={attachment}
            altText={state.altText}
            onAltText={(altText) => dispatch({ type: 'altText', text: altText })}
            disabled={pending}
            onRemove={() => dispatch({ type: 'detach' })}
          />
        )}
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center">
          <ComposerTools
            vaultMode={vaultMode}
            capsuleMode={capsuleMode}
            disabled={pending}
            onAttach={(picked) => dispatch({ type: 'attach', attachment: picked })}
            onToggleVault={() => dispatch({ type: 'toggleVault' })}
            onToggleCapsule={() => dispatch({ type: 'toggleCapsule' })}
          />
          <PostControls
            counterId={counterId}
            remaining={remaining}
            canPost={text.trim() !== '' && !tooLong && !pending}
            pending={pending}
            vaultMode={vaultMode}
            capsuleMode={capsuleMode}
          />
        </div>
      </form>
    </section>
  );
}
