import { SHARE_COPY_FEEDBACK_MS } from '@dum/core';
import { t } from '@lingui/core/macro';
import { useEffect, useState } from 'react';
import { toast, type ToastInput } from './use-toast.ts';

// Getters: the texts are read when the toast shows, in the language active then.
const COPY_FAILED_TOAST = {
  get title() {
    return t`Failed to copy`;
  },
  get description() {
    return t`Please try again`;
  },
  variant: 'destructive',
} as const;

/**
 * Copies text to the clipboard: `copied` is true for a moment after it worked (for a check
 * mark), the given toast says so; a refused copy says 'Failed to copy'.
 */
export function useCopyToClipboard(copiedToast?: ToastInput): {
  copied: boolean;
  copy: (text: string) => Promise<void>;
} {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), SHARE_COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      if (copiedToast) toast(copiedToast);
    } catch {
      toast(COPY_FAILED_TOAST);
    }
  };
  return { copied, copy };
}

/** What copying a share link says. */
export const LINK_COPIED_TOAST = {
  get title() {
    return t`Link copied!`;
  },
  variant: 'success',
} as const;
