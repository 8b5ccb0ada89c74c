import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';

/** The page of a wallet's profile. */
export function profileHref(address: string): string {
  return `/profile/${encodeURIComponent(address)}`;
}

/**
 * A name that leads to its wallet's profile. Without a wallet (a comment shown before the server
 * answered) it is plain text.
 */
export function ProfileLink({
  address,
  className,
  children,
  onNavigate,
}: {
  address: string | null | undefined;
  className?: string;
  children: ReactNode;
  onNavigate?: () => void;
}) {
  if (!address) return <span className={className}>{children}</span>;
  return (
    <Link
      to={profileHref(address)}
      onClick={onNavigate}
      className={cn('rounded-sm hover:underline', className)}
    >
      {children}
    </Link>
  );
}

/** An avatar that leads to the profile; hidden from the tab order beside its name's link. */
export function ProfileAvatarLink({
  address,
  className,
  children,
}: {
  address: string | null | undefined;
  className?: string;
  children: ReactNode;
}) {
  if (!address) return <>{children}</>;
  return (
    <Link
      to={profileHref(address)}
      tabIndex={-1}
      aria-hidden="true"
      className={cn('shrink-0', className)}
    >
      {children}
    </Link>
  );
}
