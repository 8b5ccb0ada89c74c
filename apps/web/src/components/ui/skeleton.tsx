import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** A placeholder block; the shimmer stops for people who ask for reduced motion. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('skeleton', className)} {...props} />;
}
