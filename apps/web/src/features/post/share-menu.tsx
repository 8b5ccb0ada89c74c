import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { ShareTrigger, shareTriggerClasses, type ShareMenuProps } from './share-trigger.tsx';

const ShareDropdown = lazy(async () => ({
  default: (await import('./share-dropdown.tsx')).ShareDropdown,
}));

/**
 * Share: a menu with Share on Twitter and Copy Link. Every post card has one,
 * so until it is first used it is a plain button; the menu's code (Radix dropdown and its
 * positioning) loads on that first press and opens at once.
 */
export function ShareMenu(props: ShareMenuProps) {
  const { t } = useLingui();
  const [used, setUsed] = useState(false);
  const placeholder = (
    <button
      type="button"
      aria-label={t`Share`}
      aria-haspopup="menu"
      aria-expanded={used}
      onClick={() => setUsed(true)}
      className={shareTriggerClasses(props, false)}
    >
      <ShareTrigger props={props} copied={false} />
    </button>
  );
  if (!used) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ShareDropdown {...props} defaultOpen />
    </Suspense>
  );
}
