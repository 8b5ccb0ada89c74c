import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** One line of a dropdown menu: an icon and its words, lit while highlighted. */
export const menuItemClass =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-surface-3 data-[highlighted]:text-foreground';

/**
 * A dropdown menu's panel (Radix), in a portal beside its trigger, fading in unless motion is
 * reduced. `className` gives its width and, for some, its text tone.
 */
export function MenuContent({
  align,
  className,
  children,
}: {
  align: 'start' | 'end';
  className: string;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        align={align}
        sideOffset={6}
        className={cn(
          'z-50 rounded-xl border border-border bg-surface-2 p-1 shadow-2xl shadow-black/40 data-[state=open]:animate-[fade-in_120ms_ease-out] motion-reduce:animate-none',
          className,
        )}
      >
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  );
}
