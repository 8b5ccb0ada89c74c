import { Trans, useLingui } from '@lingui/react/macro';
import { Music, X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { COMPOSER_TEXTAREA_CLASS } from './composer-signed-out.tsx';
import type { Attachment } from './composer-state.ts';
import {
  charactersLeft,
  LENGTH_WARNING_REMAINING,
  POST_ALT_TEXT_MAX_LENGTH,
} from '../post/index.ts';

/** The picked image (shown, with its alt text field) or audio (playable), with Remove. */
export function AttachmentPreview({
  attachment,
  altText,
  onAltText,
  disabled,
  onRemove,
}: {
  attachment: Attachment;
  altText: string;
  onAltText: (text: string) => void;
  disabled: boolean;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const fileName = attachment.file.name;
  // The object URL is made and revoked with the element that shows it (StrictMode-safe).
  const mediaRef = useRef<HTMLImageElement & HTMLAudioElement>(null);
  useEffect(() => {
    const element = mediaRef.current;
    if (!element) return;
    const objectUrl = URL.createObjectURL(attachment.file);
    element.src = objectUrl;
    return () => URL.revokeObjectURL(objectUrl);
  }, [attachment.file, attachment.kind]);

  return (
    <div
      data-testid="attachment-preview"
      className="relative mt-3 overflow-hidden rounded-xl border border-border bg-surface-2/60"
    >
      {attachment.kind === 'image' ? (
        <img
          ref={mediaRef}
          alt={t`Preview of ${fileName}`}
          className="mx-auto max-h-72 w-full object-contain"
        />
      ) : (
        <div className="flex flex-col gap-2 p-3 pr-28">
          <span className="flex items-center gap-2 truncate text-sm font-medium">
            <Music className="size-4 shrink-0 text-primary" aria-hidden="true" />
            <span className="truncate">{attachment.file.name}</span>
          </span>
          <audio
            ref={mediaRef}
            controls
            aria-label={t`Preview of ${fileName}`}
            className="w-full"
          />
        </div>
      )}
      {attachment.kind === 'image' && (
        <AltTextField value={altText} onChange={onAltText} disabled={disabled} />
      )}
      <Button
        variant="secondary"
        size="sm"
        onClick={onRemove}
        disabled={disabled}
        className="absolute top-2 right-2 bg-surface/90 backdrop-blur hover:bg-surface-3"
      >
        <X aria-hidden="true" />
        <Trans>Remove</Trans>
      </Button>
    </div>
  );
}

/**
 * The image's description for people who cannot see it (sent as the post's altText). Optional;
 * the box stops at the server's limit (maxLength counts UTF-16 units, never more than the
 * server's code points), and the characters left show near it.
 */
function AltTextField({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (text: string) => void;
  disabled: boolean;
}) {
  const { t } = useLingui();
  const fieldId = useId();
  const hintId = useId();
  const remaining = charactersLeft(value, POST_ALT_TEXT_MAX_LENGTH);
  return (
    <div className="flex flex-col gap-1.5 border-t border-border p-3">
      <label htmlFor={fieldId} className="text-sm font-medium">
        <Trans>Describe the image (alt text)</Trans>
      </label>
      <textarea
        id={fieldId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={2}
        maxLength={POST_ALT_TEXT_MAX_LENGTH}
        disabled={disabled}
        aria-describedby={hintId}
        placeholder={t`e.g. A grey cat asleep on a keyboard`}
        className={`${COMPOSER_TEXTAREA_CLASS} field-sizing-content max-h-40 py-2 text-sm`}
      />
      <p id={hintId} className="flex justify-between gap-3 text-xs text-muted">
        <span>
          <Trans>Optional. Screen readers read it to people who cannot see the image.</Trans>
        </span>
        {remaining <= LENGTH_WARNING_REMAINING && (
          <span className="shrink-0 font-mono tabular-nums">
            <Trans>{remaining} left</Trans>
          </span>
        )}
      </p>
    </div>
  );
}
