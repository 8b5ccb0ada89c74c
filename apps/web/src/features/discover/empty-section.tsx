import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** A Discover section (or the search) with nothing to show: an icon, what is empty, and why. */
export function EmptySection({
  icon,
  title,
  headingLevel = 3,
  children,
  action,
  className,
}: {
  icon: ReactNode;
  title: string;
  /** 2 where it stands for the page's content (no results), 3 inside a titled section. */
  headingLevel?: 2 | 3;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-2 rounded-card border border-dashed border-border bg-surface/40 px-6 py-10 text-center',
        className,
      )}
    >
      <span className="mb-1 grid size-12 place-items-center rounded-2xl bg-surface-3 text-primary">
        {icon}
      </span>
      <Heading className="text-base font-semibold">{title}</Heading>
      {children && <p className="max-w-sm text-sm text-muted">{children}</p>}
      {action}
    </div>
  );
}
