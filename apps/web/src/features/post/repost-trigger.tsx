import { t } from '@lingui/core/macro';
import { Repeat2 } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { abbreviateCount, countedActionName } from './post-display.ts';

/*
 * The repost button's props and look, shared by RepostMenu's placeholder and the lazily loaded
 * RepostDropdown (a module of its own so the two need not import each other).
 */

/** The repost menu's props: the post's mark and count, and what its two items do. */
export interface RepostMenuProps {
  reposted: boolean;
  count: number;
  /** Repost (true) or undo it (false). */
  onRepost: (on: boolean) => void;
  onQuote: () => void;
}

const repostTriggerClass =
  'inline-flex h-9 items-center gap-1.5 rounded-xl px-2.5 text-sm font-medium transition-colors hover:bg-surface-2 data-[state=open]:bg-surface-2';

/**
 * The trigger's accessible name (what it is, whether the viewer reposted, and the count) and its
 * look (green once reposted).
 */
export function repostTriggerProps(
  reposted: boolean,
  count: number,
): { 'aria-label': string; className: string } {
  return {
    'aria-label': countedActionName(reposted ? t`Reposted` : t`Repost`, count),
    className: cn(
      repostTriggerClass,
      reposted ? 'text-success hover:text-success' : 'text-muted hover:text-foreground',
    ),
  };
}

export function RepostTriggerContent({ count }: { reposted: boolean; count: number }) {
  return (
    <>
      <Repeat2 className="size-[18px]" aria-hidden="true" />
      <span className="min-w-[1ch] font-mono text-xs tabular-nums">{abbreviateCount(count)}</span>
    </>
  );
}
