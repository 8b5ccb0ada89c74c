import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wide whitespace-nowrap',
  {
    variants: {
      variant: {
        default: 'border-primary/30 bg-primary/10 text-primary',
        dum: 'border-dum/30 bg-dum/10 text-dum',
        success: 'border-success/30 bg-success/10 text-success',
        danger: 'border-danger/40 bg-danger/10 text-danger',
        outline: 'border-border text-muted',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type BadgeProps = ComponentProps<'span'> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
