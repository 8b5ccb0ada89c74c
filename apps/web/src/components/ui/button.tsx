import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** Class names of the component classes in index.css (`@layer components`). */
export const buttonVariants = cva('btn', {
  variants: {
    variant: {
      primary: 'btn-primary',
      secondary: 'btn-secondary',
      ghost: 'btn-ghost',
      outline: 'btn-outline',
      dum: 'btn-dum',
      danger: 'btn-danger',
    },
    size: { sm: 'btn-sm', md: 'btn-md', lg: 'btn-lg', icon: 'btn-icon' },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
});

export type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants>;

export function Button({ className, variant, size, type = 'button', ...props }: ButtonProps) {
  return (
    <button type={type} className={cn(buttonVariants({ variant, size }), className)} {...props} />
  );
}
