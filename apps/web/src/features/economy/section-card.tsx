import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';

// Kept apart from card-states.tsx, which the feed's first load carries: these cards load later.
/** A dashboard card named by its title (a region for assistive tech), with an icon badge. */
export function SectionCard({
  testId,
  icon: Icon,
  iconClassName,
  title,
  description,
  className,
  headerClassName,
  contentClassName,
  decoration,
  children,
}: {
  testId: string;
  icon: LucideIcon;
  /** The badge's colours. */
  iconClassName: string;
  title: ReactNode;
  description: ReactNode;
  className?: string;
  headerClassName?: string;
  contentClassName?: string;
  /** Drawn behind the header and content (a glow). */
  decoration?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card className={className} role="region" aria-labelledby={titleId} data-testid={testId}>
      {decoration}
      <CardHeader className={headerClassName}>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <span className={cn('grid size-8 place-items-center rounded-lg', iconClassName)}>
            <Icon className="size-4" aria-hidden="true" />
          </span>
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
