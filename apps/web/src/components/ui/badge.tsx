import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** Class names of the component classes in index.css (`@layer components`). */
export const badgeVariants = cva('badge', {
  variants: {
    variant: {
      default: 'badge-default',
      dum: 'badge-dum',
      success: 'badge-success',
      danger: 'badge-danger',
      outline: 'badge-outline',
    },
  },
  defaultVariants: { variant: 'default' },
});

export type BadgeProps = ComponentProps<'span'> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
