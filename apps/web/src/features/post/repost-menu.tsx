import { lazy, Suspense, useState } from 'react';
import {
  RepostTriggerContent,
  repostTriggerProps,
  type RepostMenuProps,
} from './repost-trigger.tsx';

const RepostDropdown = lazy(async () => ({
  default: (await import('./repost-dropdown.tsx')).RepostDropdown,
}));

/**
 * Repost: a menu with Repost (or Undo repost) and Quote. Every post card has one, so until it is
 * first used it is a plain button; the menu's code loads on that first press and opens at once
 * (as the share menu does).
 */
export function RepostMenu(props: RepostMenuProps) {
  const [used, setUsed] = useState(false);
  const placeholder = (
    <button
      type="button"
      {...repostTriggerProps(props.reposted, props.count)}
      aria-haspopup="menu"
      aria-expanded={used}
      onClick={() => setUsed(true)}
    >
      <RepostTriggerContent reposted={props.reposted} count={props.count} />
    </button>
  );
  if (!used) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <RepostDropdown {...props} defaultOpen />
    </Suspense>
  );
}
