import { lazy, Suspense, useState } from 'react';
import { useToast } from './use-toast.ts';

const Toaster = lazy(async () => ({ default: (await import('./toaster.tsx')).Toaster }));

/**
 * Mounts the Radix toaster when the first toast is queued, so its code is not part of the first
 * load (the store, `use-toast.ts`, is: anything may call `toast()`). Once mounted it stays.
 */
export function ToasterHost() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
