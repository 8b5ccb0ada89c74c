import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('card', className)} {...props} />;
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('card-header', className)} {...props} />;
}

export function CardTitle({ className, ...props }: ComponentProps<'h3'>) {
  return <h3 className={cn('card-title', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('card-description', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('card-content', className)} {...props} />;
}

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
