import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastRequests } from './toast.ts';

export { toast } from './toast.ts';

const SonnerHost = lazy(() => import('./sonner-toaster.tsx'));

/**
 * Where toasts appear. Renders nothing (on the server and at hydration alike) until the first
 * toast is asked for, then loads sonner (sonner-toaster.tsx), which shows it.
 */
export function Toaster() {
  const requested = useSyncExternalStore(toastRequests.subscribe, toastRequests.requested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <SonnerHost />
    </Suspense>
  );
}
