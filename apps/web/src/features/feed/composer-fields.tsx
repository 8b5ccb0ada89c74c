import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, type KeyboardEvent } from 'react';
import { cn } from '../../lib/cn.ts';
import { COMPOSER_TEXTAREA_CLASS } from './composer-signed-out.tsx';
import { LENGTH_WARNING_REMAINING, useMentionAutocomplete } from '../post/index.ts';
import { ReplyPolicyPicker } from './composer-reply-policy.tsx';
import type { ComposerController } from './use-composer.ts';

/**
 * The composer's text box: Ctrl/Cmd+Enter posts; near the limit it is described by the
 * characters-left counter (PostControls renders it with `counterId`).
 */
export function ComposerTextBox({
  composer,
  textareaId,
  counterId,
  labelClassName = 'sr-only',
  className,
  rows = 3,
}: {
  composer: ComposerController;
  textareaId: string;
  counterId: string;
  /** The label is for screen readers in the feed, shown on the Create page. */
  labelClassName?: string;
  className?: string;
  rows?: number;
}) {
  const { t } = useLingui();
  const { state, dispatch, submit, pending, remaining, tooLong } = composer;
  const mentions = useMentionAutocomplete(state.text, (text) => dispatch({ type: 'text', text }));
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mentions.onKeyDown(event)) return;
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit();
  };
  return (
    <>
      <label htmlFor={textareaId} className={labelClassName}>
        <Trans>What’s your vibe?</Trans>
      </label>
      <div className="relative">
        <textarea
          {...mentions.inputProps}
          id={textareaId}
          // 'Write a post' in the welcome banner and the empty feed focuses this box.
          data-composer-input=""
          value={state.text}
          onChange={(event) => dispatch({ type: 'text', text: event.target.value })}
          onKeyDown={onKeyDown}
          rows={rows}
          placeholder={
            state.vaultMode
              ? t`What are you locking in a vault?`
              : state.capsuleMode
                ? t`What should open later?`
                : t`What’s your vibe?`
          }
          aria-describedby={remaining <= LENGTH_WARNING_REMAINING ? counterId : undefined}
          aria-invalid={tooLong || undefined}
          disabled={pending}
          className={cn(COMPOSER_TEXTAREA_CLASS, 'field-sizing-content', className)}
        />
        {mentions.list}
      </div>
    </>
  );
}

// Shown only once a vault or a file is chosen: loaded then, not with the feed.
const ComposerVaultFields = lazy(async () => ({
  default: (await import('./composer-vault-fields.tsx')).ComposerVaultFields,
}));
const ComposerCapsuleFields = lazy(async () => ({
  default: (await import('../capsules/composer-capsule-fields-entry.ts')).ComposerCapsuleFields,
}));
const ComposerPollFields = lazy(async () => ({
  default: (await import('../polls/poll-composer-entry.ts')).ComposerPollFields,
}));
const AttachmentPreview = lazy(async () => ({
  default: (await import('./composer-attachment-preview.tsx')).AttachmentPreview,
}));

/**
 * Under the text: vault mode's or time capsule mode's fields, the picked image (with its alt
 * text) or audio, and who may reply.
 */
export function ComposerDetails({ composer }: { composer: ComposerController }) {
  const { state, dispatch, pending } = composer;
  return (
    <>
      <Suspense fallback={null}>
        {state.vaultMode && (
          <ComposerVaultFields state={state} dispatch={dispatch} disabled={pending} />
        )}
        {state.capsuleMode && (
          <ComposerCapsuleFields
            unlockAt={state.unlockAt}
            onChange={(value) => dispatch({ type: 'unlockAt', value })}
            disabled={pending}
          />
        )}
        {state.poll && (
          <ComposerPollFields
            draft={state.poll}
            onChange={(poll) => dispatch({ type: 'poll', poll })}
            onRemove={() => dispatch({ type: 'poll', poll: null })}
            disabled={pending}
          />
        )}
        {state.attachment && (
          <AttachmentPreview
            attachment={state.attachment}
            altText={state.altText}
            onAltText={(altText) => dispatch({ type: 'altText', text: altText })}
            disabled={pending}
            onRemove={() => dispatch({ type: 'detach' })}
          />
        )}
      </Suspense>
      <ReplyPolicyPicker
        value={state.replyPolicy}
        onChange={(policy) => dispatch({ type: 'replyPolicy', policy })}
        disabled={pending}
      />
    </>
  );
}
