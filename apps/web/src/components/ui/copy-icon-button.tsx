import { Check, Copy } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { useCopyToClipboard } from './use-copy-to-clipboard.ts';
import type { ToastInput } from './use-toast.ts';

/**
 * A small icon button that copies `text`: a copy icon, and for a moment after it worked a check
 * mark, the success colour and `copiedLabel` as its name. `className` sizes the button and
 * `iconClassName` the icon.
 */
export function CopyIconButton({
  text,
  label,
  copiedLabel,
  copiedToast,
  className,
  iconClassName,
}: {
  text: string;
  label: string;
  copiedLabel: string;
  copiedToast?: ToastInput;
  className: string;
  iconClassName: string;
}) {
  const { copied, copy } = useCopyToClipboard(copiedToast);
  return (
    <button
      type="button"
      onClick={() => void copy(text)}
      aria-label={copied ? copiedLabel : label}
      className={cn(
        'grid place-items-center rounded-md hover:bg-surface-2 hover:text-foreground',
        className,
        copied && 'text-success',
      )}
    >
      {copied ? (
        <Check className={iconClassName} aria-hidden="true" />
      ) : (
        <Copy className={iconClassName} aria-hidden="true" />
      )}
    </button>
  );
}
