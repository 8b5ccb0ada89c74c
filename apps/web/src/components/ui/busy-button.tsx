import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button.tsx';

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
