import { cva, type VariantProps } from 'class-variance-authority';
import { Loader2 } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
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

/**
 * A button that runs something slow: while busy it is disabled, its icon turns into a spinner
 * and its label into the busy text ("Deleting...").
 */
export function BusyButton({
  busy,
  busyLabel,
  icon,
  disabled,
  children,
  ...props
}: ButtonProps & { busy: boolean; busyLabel: ReactNode; icon?: ReactNode }) {
  return (
    <Button disabled={disabled ?? busy} {...props}>
      {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : icon}
      {busy ? busyLabel : children}
    </Button>
  );
}
