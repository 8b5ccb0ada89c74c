import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@dum/core';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { createContext, useContext, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

const InProvider = createContext(false);

/**
 * Tooltips open after 700 ms; moving between triggers within 300 ms skips it.
 * Wrap a group of tooltips (a toolbar, a page) so the skip applies across them; a tooltip
 * outside any provider brings its own, so Radix's tooltip code loads only with the screens that
 * use one, not in the app's first load.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider
      delayDuration={TOOLTIP_DELAY_MS}
      skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}
    >
      <InProvider.Provider value={true}>{children}</InProvider.Provider>
    </TooltipPrimitive.Provider>
  );
}

export interface TooltipProps {
  content: ReactNode;
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  className?: string;
}

/** Wraps one focusable child (it becomes the trigger) with a tooltip. */
export function Tooltip(props: TooltipProps) {
  const inProvider = useContext(InProvider);
  if (inProvider) return <TooltipRoot {...props} />;
  return (
    <TooltipProvider>
      <TooltipRoot {...props} />
    </TooltipProvider>
  );
}

function TooltipRoot({ content, children, side = 'top', className }: TooltipProps) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side={side}
          sideOffset={6}
          className={cn('tooltip-content', className)}
        >
          {content}
          <TooltipPrimitive.Arrow className="fill-surface-3" />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
