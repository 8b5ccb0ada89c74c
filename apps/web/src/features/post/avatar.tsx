import { useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { initials } from './post-display.ts';

const AVATAR_SIZES = {
  sm: 'size-8 text-[11px]',
  md: 'size-10 text-sm',
  lg: 'size-12 text-base',
  xl: 'size-20 text-2xl sm:size-24 sm:text-3xl',
} as const;

export interface AvatarProps {
  name: string;
  src: string | null | undefined;
  size?: keyof typeof AVATAR_SIZES;
  className?: string;
}

/** The author's picture, or their initials on the vibe gradient when there is none (or it fails). */
export function Avatar({ name, src, size = 'md', className }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const box = AVATAR_SIZES[size];
  if (src && !failed) {
    return (
      <img
        src={src}
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
        className={cn('shrink-0 rounded-full bg-surface-3 object-cover', box, className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="avatar-initials"
      className={cn(
        'grid shrink-0 place-items-center rounded-full bg-vibe font-bold text-primary-foreground',
        box,
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}
