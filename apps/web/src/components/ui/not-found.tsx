import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** The big 404 and its heading; the caller adds what is missing and where to go instead. */
export function NotFound({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col items-center py-10 text-center sm:py-16', className)}>
      <p
        aria-hidden="true"
        className="text-vibe text-[7rem] leading-none font-black tracking-tighter sm:text-[9rem]"
      >
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {children}
    </div>
  );
}
