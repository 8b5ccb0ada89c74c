import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@dum/core';
import { useSyncExternalStore, type ReactNode } from 'react';

/**
 * The toast store, after shadcn/ui's `use-toast`: a tiny reducer outside React so any module
 * (a query callback, the socket client) can call `toast()`. One toast at a time
 * (a new one replaces the old), and a dismissed toast is removed from the store after
 * 1,000,000 ms (Radix has already animated it out by then; the delay only bounds memory).
 */

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds on screen; the provider's 5000 ms default otherwise. */
  duration?: number;
  action?: { label: string; onClick: () => void };
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

export interface ToastState {
  toasts: ToastItem[];
}

export type ToastAction =
  | { type: 'add'; toast: ToastItem }
  | { type: 'update'; toast: Partial<ToastItem> & { id: string } }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'add':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'update':
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case 'dismiss':
      return {
        toasts: state.toasts.map((t) =>
          action.id === undefined || t.id === action.id ? { ...t, open: false } : t,
        ),
      };
    case 'remove':
      return {
        toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id),
      };
  }
}

let state: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function dispatch(action: ToastAction): void {
  if (action.type === 'dismiss') {
    const ids = action.id === undefined ? state.toasts.map((t) => t.id) : [action.id];
    ids.forEach(scheduleRemoval);
  }
  state = toastReducer(state, action);
  listeners.forEach((listener) => listener());
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  const timer = setTimeout(() => {
    removeTimers.delete(id);
    dispatch({ type: 'remove', id });
  }, TOAST_REMOVE_DELAY_MS);
  removeTimers.set(id, timer);
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (input: ToastInput) => void;
}

/** Shows a toast (replacing the one on screen, if any). Callable from anywhere. */
export function toast(input: ToastInput): ToastHandle {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const dismiss = () => dispatch({ type: 'dismiss', id });
  dispatch({ type: 'add', toast: { ...input, id, open: true } });
  return { id, dismiss, update: (next) => dispatch({ type: 'update', toast: { ...next, id } }) };
}

/** Dismisses one toast, or all of them. */
export function dismissToast(id?: string): void {
  dispatch({ type: 'dismiss', id });
}

/** Test helper: empties the store and cancels pending removals. */
export function resetToasts(): void {
  removeTimers.forEach((timer) => clearTimeout(timer));
  removeTimers.clear();
  state = { toasts: [] };
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): ToastState {
  return state;
}

export function useToast(): ToastState & { toast: typeof toast; dismiss: typeof dismissToast } {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { ...current, toast, dismiss: dismissToast };
}
