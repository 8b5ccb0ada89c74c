import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** What a screen's title says: its icon, its name and a line under it on what it is for. */
interface TitleParts {
  icon: ReactNode;
  title: ReactNode;
  subtitle: ReactNode;
}

/**
 * A screen's title with its icon on the brand tile and a line under it. It is the page header
 * itself ('header') or the title side of a header that also holds the screen's controls ('div').
 */
export function PageTitle({
  as: Tag = 'div',
  icon,
  title,
  subtitle,
  tileClassName,
}: TitleParts & { as?: 'div' | 'header'; tileClassName?: string }) {
  return (
    <Tag className="flex items-center gap-3">
      <span
        className={cn(
          'grid size-11 shrink-0 place-items-center rounded-2xl bg-vibe text-primary-foreground',
          tileClassName,
        )}
      >
        {icon}
      </span>
      <div>
        <h1 className="text-2xl font-black tracking-tight sm:text-3xl">{title}</h1>
        <p className="text-sm text-muted">{subtitle}</p>
      </div>
    </Tag>
  );
}

/** A screen's title with its icon beside the words, and a line under it saying what it is for. */
export function PageHeading(props: TitleParts & { subtitleClassName?: string }) {
  return (
    <>
      <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
        {props.icon}
        {props.title}
      </h1>
      <p className={cn('mt-1 text-sm text-muted', props.subtitleClassName)}>{props.subtitle}</p>
    </>
  );
}

/**
 * A screen's header: its heading, and beside it the screen's own controls (a "New …" button)
 * when it has a place for them (`actions`, which may be empty for a viewer who cannot use them).
 */
export function PageHeader({ actions, ...heading }: TitleParts & { actions?: ReactNode }) {
  if (actions === undefined) {
    return (
      <header className="mb-5">
        <PageHeading {...heading} />
      </header>
    );
  }
  return (
    <header className="mb-5 flex flex-wrap items-end justify-between gap-3">
      <div>
        <PageHeading {...heading} />
      </div>
      {actions}
    </header>
  );
}
