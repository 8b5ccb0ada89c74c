import { House } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { buttonVariants } from './button.tsx';

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

/** A missing post or vault: the 404, why it may be gone, and one way back. */
export function ItemNotFound({
  title,
  reason,
  backTo,
  backLabel,
}: {
  title: string;
  reason: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <NotFound title={title}>
      <p className="mt-3 max-w-md text-muted">{reason}</p>
      <Link to={backTo} className={buttonVariants({ size: 'md', className: 'mt-8' })}>
        <House aria-hidden="true" />
        {backLabel}
      </Link>
    </NotFound>
  );
}
