import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** A placeholder block; the shimmer stops for people who ask for reduced motion. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('skeleton', className)} {...props} />;
}

/** `count` placeholder tiles of one size (`tileClassName`), laid out by `className`. */
export function SkeletonTiles({
  count,
  className,
  tileClassName,
}: {
  count: number;
  className: string;
  tileClassName: string;
}) {
  return (
    <div className={className}>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} className={tileClassName} />
      ))}
    </div>
  );
}

/**
 * A placeholder row of a list: a picture (a round avatar by default) and two lines, sized by
 * `lines`.
 */
export function SkeletonRow({
  lines,
  picture = 'size-10 rounded-full',
  className = 'flex items-center gap-3',
  linesClassName = 'flex flex-1 flex-col gap-1.5',
}: {
  lines: [string, string];
  picture?: string;
  className?: string;
  linesClassName?: string;
}) {
  return (
    <div className={className}>
      <Skeleton className={picture} />
      <div className={linesClassName}>
        <Skeleton className={lines[0]} />
        <Skeleton className={lines[1]} />
      </div>
    </div>
  );
}

/** A list still loading, announced once as `label`: `rows` placeholder rows. */
export function RowsSkeleton({
  label,
  rows,
  className,
  rowClassName,
  ...row
}: Omit<ComponentProps<typeof SkeletonRow>, 'className'> & {
  label: string;
  rows: number;
  className: string;
  rowClassName?: string;
}) {
  return (
    <div role="status" aria-label={label} className={className}>
      {Array.from({ length: rows }, (_, index) => (
        <SkeletonRow key={index} className={rowClassName} {...row} />
      ))}
    </div>
  );
}
