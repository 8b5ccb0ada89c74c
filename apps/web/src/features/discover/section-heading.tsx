import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A Discover section's title, with its icon. */
export function SectionHeading({
  id,
  icon: Icon,
  children,
}: {
  id: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <h2 id={id} className="flex items-center gap-2 text-lg font-bold tracking-tight">
      <Icon className="size-5 text-primary" aria-hidden="true" />
      {children}
    </h2>
  );
}
