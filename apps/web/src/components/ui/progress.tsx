import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export interface ProgressProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** 0..1; values outside are clamped. */
  value: number;
  /** Accessible name of the bar. */
  label: string;
  indicatorClassName?: string;
}

/** A determinate progress bar (role progressbar, 0..100) drawn with the vibe gradient. */
export function Progress({ value, label, className, indicatorClassName, ...props }: ProgressProps) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 1000) / 10;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn('progress', className)}
      {...props}
    >
      <div
        className={cn('progress-indicator', indicatorClassName)}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
