import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** A placeholder block; the shimmer stops for people who ask for reduced motion. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn(
        'animate-pulse rounded-lg bg-surface-3/70 motion-reduce:animate-none',
        className,
      )}
      {...props}
    />
  );
}
