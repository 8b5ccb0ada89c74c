import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD } from '@dum/core';
import { useLingui } from '@lingui/react/macro';
import { announce, clearAnnouncer } from '@react-aria/live-announcer';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { dismissToast, useToast, type ToastItem } from './use-toast.ts';

/** Radix puts the viewport's keyboard shortcut (F8) in place of this token. */
const hotkeyToken = '{hotkey}';

/**
 * Where Radix would render its own announcement of a toast: a fragment never put in the page.
 * Radix shows that text two animation frames after the toast and takes it away a second after,
 * so on a busy phone, frames more than half a second apart, it is never shown and a screen
 * reader hears nothing. Each toast is announced by `ToastCard` instead, on timers alone.
 */
const radixAnnouncements =
  typeof document === 'undefined' ? undefined : document.createDocumentFragment();

/**
 * Renders the toast store with Radix Toast: 5000 ms by default, swipe right 50 px to dismiss.
 * Each toast is announced ('Notification', then the title and description) in live regions
 * that stay in the page (React Aria's announcer): an error interrupts (assertive), anything
 * else waits its turn (polite).
 */
export function Toaster() {
  const { toasts } = useToast();
  const { t } = useLingui();
  return (
    <Toast.Provider
      label={t`Notification`}
      announcerContainer={radixAnnouncements}
      duration={TOAST_DURATION_MS}
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      swipeDirection="right"
    >
      {toasts.map((item) => (
        <ToastCard key={item.id} item={item} />
      ))}
      <Toast.Viewport
        label={t`Notifications (${hotkeyToken})`}
        className="fixed bottom-[calc(5rem+env(safe-area-inset-bottom))] left-1/2 z-[100] flex w-[calc(100%-1.5rem)] max-w-sm -translate-x-1/2 flex-col gap-2 outline-none lg:right-6 lg:bottom-6 lg:left-auto lg:translate-x-0"
      />
    </Toast.Provider>
  );
}

function ToastCard({ item }: { item: ToastItem }) {
  const { t } = useLingui();
  const title = useRef<HTMLDivElement>(null);
  const description = useRef<HTMLDivElement>(null);
  const label = t`Notification`;
  const politeness = item.variant === 'destructive' ? 'assertive' : 'polite';
  // Radix renders a toast's content only once its viewport is there, which can be a render
  // after the toast's own (the toaster mounts with its first toast): this is set when it is.
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  const announced = useRef(false);
  // Once per toast (not again when it is updated in place or the language changes), with the
  // text as rendered: a title may be any node, not only a string.
  useEffect(() => {
    if (!content || announced.current) return;
    announced.current = true;
    const text = [title.current?.textContent, description.current?.textContent]
      .filter(Boolean)
      .join(' ');
    if (text) announce(`${label} ${text}`, politeness);
  }, [content, label, politeness]);
  // The words go with the toast: said once, they would otherwise stay in the page, readable by
  // a screen reader's cursor, for seconds after it closed (and in the old language after a
  // switch).
  useEffect(() => {
    if (!item.open) clearAnnouncer(politeness);
  }, [item.open, politeness]);
  const Icon =
    item.variant === 'destructive' ? CircleAlert : item.variant === 'success' ? CircleCheck : null;
  return (
    <Toast.Root
      open={item.open}
      duration={item.duration}
      type={item.variant === 'destructive' ? 'foreground' : 'background'}
      onOpenChange={(open) => {
        if (!open) dismissToast(item.id);
      }}
      className={cn(
        'toast-root group relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-10 shadow-2xl shadow-black/40 backdrop-blur',
        item.variant === 'destructive'
          ? 'border-danger/40 bg-[color-mix(in_oklab,var(--color-danger-strong)_22%,var(--color-surface))]'
          : 'border-border bg-surface-2/95',
      )}
    >
      {Icon && (
        <Icon
          aria-hidden="true"
          className={cn(
            'mt-0.5 size-5 shrink-0',
            item.variant === 'destructive' ? 'text-danger' : 'text-success',
          )}
        />
      )}
      <div ref={setContent} className="grid min-w-0 gap-1">
        {item.title && (
          <Toast.Title ref={title} className="text-sm font-semibold">
            {item.title}
          </Toast.Title>
        )}
        {item.description && (
          <Toast.Description ref={description} className="text-sm text-muted">
            {item.description}
          </Toast.Description>
        )}
        {item.action && (
          <Toast.Action
            altText={item.action.label}
            onClick={item.action.onClick}
            className="mt-1 justify-self-start rounded-lg border border-border px-2.5 py-1 text-xs font-semibold hover:bg-surface-3"
          >
            {item.action.label}
          </Toast.Action>
        )}
      </div>
      <Toast.Close
        aria-label={t`Dismiss notification`}
        className="absolute top-3 right-3 rounded-md p-1 text-muted opacity-70 transition-opacity hover:text-foreground hover:opacity-100 focus-visible:opacity-100"
      >
        <X className="size-4" aria-hidden="true" />
      </Toast.Close>
    </Toast.Root>
  );
}
