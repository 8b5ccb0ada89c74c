import { Trans, useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useRef, type ComponentProps, type ReactNode, type SubmitEventHandler } from 'react';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';
import { focusReturnTarget } from './focus-return.ts';

/**
 * Accessible modal dialog (Radix): focus trap, Escape and the close button close it, and closing
 * returns focus to what opened it (see focus-return.ts), with or without a DialogTrigger.
 */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogContent({
  className,
  children,
  closeLabel,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onPointerDownOutside,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { closeLabel?: string }) {
  // What had focus as the dialog opened, and whether it was then dismissed by a pointer
  // outside (then, as Radix does, focus stays where that pointer put it).
  const opener = useRef<Element | null>(null);
  const { t } = useLingui();
  const pointerOutside = useRef(false);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-background/70 backdrop-blur-sm data-[state=open]:animate-[fade-in_150ms_ease-out] motion-reduce:animate-none" />
      <DialogPrimitive.Content
        className={cn('dialog-content', className)}
        onOpenAutoFocus={(event) => {
          opener.current = document.activeElement;
          pointerOutside.current = false;
          onOpenAutoFocus?.(event);
        }}
        onPointerDownOutside={(event) => {
          onPointerDownOutside?.(event);
          if (!event.defaultPrevented) pointerOutside.current = true;
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          event.preventDefault();
          if (pointerOutside.current) return;
          const target = focusReturnTarget(opener.current);
          // Falling back to the page's main region must not scroll the page to main's top
          // (under the sticky header): the reader stays where they were.
          target?.focus({ preventScroll: target.id === 'main' });
        }}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          aria-label={closeLabel ?? t`Close`}
          className="absolute top-4 right-4 rounded-lg p-1 text-muted transition-colors hover:bg-surface-2 hover:text-foreground"
        >
          <X className="size-4" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('dialog-header', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('dialog-footer', className)} {...props} />;
}

/** A confirm dialog's footer: Cancel (closes the dialog, disabled while busy) and the action. */
export function ConfirmFooter({
  busy,
  cancelLabel,
  children,
}: {
  busy: boolean;
  cancelLabel?: string;
  children: ReactNode;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="secondary" disabled={busy}>
          {cancelLabel ?? <Trans>Cancel</Trans>}
        </Button>
      </DialogClose>
      {children}
    </DialogFooter>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('dialog-title', className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('dialog-description', className)} {...props} />;
}

/**
 * A dialog that holds while its action runs: Escape, the close button and a press outside do
 * nothing until it is done, so the outcome is not lost behind a closed dialog.
 */
export function BusyDialog({
  open,
  onOpenChange,
  busy,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className={className}>{children}</DialogContent>
    </Dialog>
  );
}

/** A dialog's title and description: what a screen reader announces as it opens. */
export function DialogHeading({
  title,
  description,
}: {
  title: ReactNode;
  description: ReactNode;
}) {
  return (
    <DialogHeader>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
    </DialogHeader>
  );
}

/**
 * A dialog's form: the fields check themselves on submit (not the browser's bubbles), and it is
 * marked busy while its submit runs.
 */
export function DialogForm({
  onSubmit,
  busy,
  children,
}: {
  onSubmit: SubmitEventHandler<HTMLFormElement>;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={busy || undefined}>
      {children}
    </form>
  );
}

/**
 * "Do this?": asks before an action, with Cancel and the action (a BusyButton, usually) below
 * whatever the dialog shows between (a quote, a summary).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  busy,
  title,
  description,
  cancelLabel,
  action,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  title: ReactNode;
  description: ReactNode;
  cancelLabel?: string;
  action: ReactNode;
  children?: ReactNode;
}) {
  return (
    <BusyDialog open={open} onOpenChange={onOpenChange} busy={busy}>
      <DialogHeading title={title} description={description} />
      {children}
      <ConfirmFooter busy={busy} cancelLabel={cancelLabel}>
        {action}
      </ConfirmFooter>
    </BusyDialog>
  );
}
