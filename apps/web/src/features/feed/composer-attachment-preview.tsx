import { Music, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button.tsx';
import type { Attachment } from './composer-state.ts';

/** The picked image (shown) or audio (playable), with Remove. */
export function AttachmentPreview({
  attachment,
  disabled,
  onRemove,
}: {
  attachment: Attachment;
  disabled: boolean;
  onRemove: () => void;
}) {
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
          alt={`Preview of ${attachment.file.name}`}
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
            aria-label={`Preview of ${attachment.file.name}`}
            className="w-full"
          />
        </div>
      )}
      <Button
        variant="secondary"
        size="sm"
        onClick={onRemove}
        disabled={disabled}
        className="absolute top-2 right-2 bg-surface/90 backdrop-blur hover:bg-surface-3"
      >
        <X aria-hidden="true" />
        Remove
      </Button>
    </div>
  );
}
