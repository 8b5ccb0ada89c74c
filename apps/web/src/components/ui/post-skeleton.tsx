import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { SkeletonRow } from './skeleton.tsx';

/** A post card's placeholder: the author row, then the body lines the caller shows below it. */
export function PostSkeleton({ className, children, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('rounded-card border border-border bg-surface/60 p-4', className)}
      {...props}
    >
      <SkeletonRow linesClassName="flex flex-1 flex-col gap-2" lines={['h-3.5 w-32', 'h-3 w-20']} />
      {children}
    </div>
  );
}
