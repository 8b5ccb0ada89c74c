import { useLingui } from '@lingui/react/macro';
import { Hourglass, ImagePlus, ListChecks, Lock, LockOpen, Music, Sparkles } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { BusyButton } from '../../components/ui/button.tsx';
import { FileInput } from '../../components/ui/file-input.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { formatNumber } from '../../lib/i18n/index.ts';
import { checkAttachment } from '../post/index.ts';
import type { Attachment } from './composer-state.ts';
import type { ComposerController } from './use-composer.ts';
import { LENGTH_WARNING_REMAINING } from '../post/index.ts';

/**
 * Keeps a picked file as the attachment when it passes the checks (type, size), else says why
 * with a toast: the same for a file input and a file dropped on the Create page.
 */
export function useAttachmentPick(onAttach: (attachment: Attachment) => void) {
  return (file: File | undefined) => {
    if (!file) return;
    const check = checkAttachment(file);
    if (!check.ok) {
      toast({ title: check.title, description: check.description, variant: 'destructive' });
      return;
    }
    onAttach({ file, kind: check.kind });
  };
}

/**
 * The composer's tools: Add Image and Add Audio (MediaTools), the vault and time capsule
 * toggles (a post is one or the other), and Create Fan Vault.
 */
export function ComposerTools({
  vaultMode,
  capsuleMode,
  disabled,
  onAttach,
  onToggleVault,
  onToggleCapsule,
  pollMode = false,
  onTogglePoll,
}: {
  vaultMode: boolean;
  capsuleMode: boolean;
  disabled: boolean;
  onAttach: (attachment: Attachment) => void;
  onToggleVault: () => void;
  onToggleCapsule: () => void;
  /** A poll on the post (the button shows only where a poll can be added). */
  pollMode?: boolean;
  onTogglePoll?: () => void;
}) {
  const { t } = useLingui();
  return (
    <div className="grid grid-cols-2 gap-1 sm:flex sm:flex-wrap sm:items-center sm:gap-1.5">
      <MediaTools disabled={disabled} onAttach={onAttach} />
      <ToolButton
        onClick={onToggleVault}
        disabled={disabled}
        pressed={vaultMode}
        icon={vaultMode ? <LockOpen aria-hidden="true" /> : <Lock aria-hidden="true" />}
        tone={vaultMode ? 'text-dum hover:text-dum' : undefined}
      >
        {vaultMode ? t`Cancel Vault` : t`Create Vault`}
      </ToolButton>
      <ToolButton
        onClick={onToggleCapsule}
        disabled={disabled}
        pressed={capsuleMode}
        icon={<Hourglass aria-hidden="true" />}
        tone={capsuleMode ? 'text-primary hover:text-primary' : undefined}
      >
        {t`Time capsule`}
      </ToolButton>
      {onTogglePoll && (
        <ToolButton
          onClick={onTogglePoll}
          disabled={disabled}
          pressed={pollMode}
          icon={<ListChecks aria-hidden="true" />}
          tone={pollMode ? 'text-primary hover:text-primary' : undefined}
        >
          {t`Poll`}
        </ToolButton>
      )}
      <ToolButton
        onClick={() => toast({ title: t`Coming Soon`, description: t`Fan Vaults launching soon!` })}
        icon={<Sparkles aria-hidden="true" />}
      >
        {t`Create Fan Vault`}
      </ToolButton>
    </div>
  );
}

/** Add Image and Add Audio, through hidden file inputs, each file checked before it is kept. */
export function MediaTools({
  disabled,
  onAttach,
  className,
}: {
  disabled: boolean;
  onAttach: (attachment: Attachment) => void;
  /** Classes of the two buttons (the Create page's are larger). */
  className?: string;
}) {
  const { t } = useLingui();
  const imageInput = useRef<HTMLInputElement>(null);
  const audioInput = useRef<HTMLInputElement>(null);
  const pick = useAttachmentPick(onAttach);
  return (
    <>
      <FileInput
        inputRef={imageInput}
        accept="image/*"
        testId="composer-image-input"
        onPick={pick}
      />
      <FileInput
        inputRef={audioInput}
        accept="audio/*"
        testId="composer-audio-input"
        onPick={pick}
      />
      <ToolButton
        onClick={() => imageInput.current?.click()}
        disabled={disabled}
        icon={<ImagePlus aria-hidden="true" />}
        className={className}
      >
        {t`Add Image`}
      </ToolButton>
      <ToolButton
        onClick={() => audioInput.current?.click()}
        disabled={disabled}
        icon={<Music aria-hidden="true" />}
        className={className}
      >
        {t`Add Audio`}
      </ToolButton>
    </>
  );
}

function ToolButton({
  children,
  icon,
  onClick,
  disabled,
  pressed,
  tone = 'text-muted hover:text-foreground',
  className,
}: {
  children: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
  /** Text colours, resting and hovered. */
  tone?: string;
  className?: string | undefined;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-pressed={pressed}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-xl px-2.5 text-xs font-semibold transition-colors hover:bg-surface-2 disabled:pointer-events-none disabled:opacity-50 sm:text-sm [&_svg]:size-4',
        tone,
        className,
      )}
    >
      {icon}
      <span>{children}</span>
    </button>
  );
}

/** The characters left (near the limit) and the Post button. */
export function PostControls({
  composer,
  counterId,
}: {
  composer: ComposerController;
  counterId: string;
}) {
  const { t } = useLingui();
  const { remaining, canPost, pending } = composer;
  const { vaultMode, capsuleMode } = composer.state;
  const tooLong = remaining < 0;
  return (
    <div className="flex items-center gap-3 sm:ml-auto">
      {remaining <= LENGTH_WARNING_REMAINING && (
        <span
          id={counterId}
          aria-live="polite"
          data-testid="composer-counter"
          className={cn(
            'font-mono text-xs tabular-nums',
            tooLong ? 'font-semibold text-danger' : 'text-warning',
          )}
        >
          {formatNumber(remaining)}
          <span className="sr-only"> {t`characters left`}</span>
        </span>
      )}
      <BusyButton
        type="submit"
        disabled={!canPost}
        className="flex-1 sm:flex-none"
        busy={pending}
        busyLabel={vaultMode ? t`Creating Vault...` : capsuleMode ? t`Sealing...` : t`Posting...`}
      >
        {capsuleMode ? t`Seal` : t({ message: 'Post', context: 'button' })}
      </BusyButton>
    </div>
  );
}
