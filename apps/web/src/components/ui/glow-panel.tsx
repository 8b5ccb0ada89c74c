import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * The hero panel of a page or banner: a rounded frame with soft coloured glows behind its
 * content. Each glow is the position, size and colour classes of one blurred disc.
 */
export function GlowPanel({
  as: Tag = 'section',
  glows,
  className,
  overlay,
  children,
  ...props
}: ComponentProps<'section'> & {
  as?: 'section' | 'header';
  glows: readonly string[];
  /** Drawn over the panel, outside the content (a dismiss button). */
  overlay?: ReactNode;
}) {
  return (
    <Tag
      className={cn('relative overflow-hidden rounded-3xl border bg-surface/70', className)}
      {...props}
    >
      {glows.map((glow) => (
        <div
          key={glow}
          aria-hidden="true"
          className={cn('pointer-events-none absolute rounded-full blur-3xl', glow)}
        />
      ))}
      <div className="relative">{children}</div>
      {overlay}
    </Tag>
  );
}
