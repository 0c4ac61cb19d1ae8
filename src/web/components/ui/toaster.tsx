import { lazy, Suspense, useSyncExternalStore } from 'react';
import { FailureBoundary } from '#web/lib/failure-boundary.tsx';
import { toastRequests } from './toast.ts';

export { toast } from './toast.ts';

const SonnerHost = lazy(() => import('./sonner-toaster.tsx'));

/** Whatever keeps sonner from showing (its file could not be downloaded), the page stays. */
const anyFailure = () => true;

/**
 * Where toasts appear. Renders nothing (on the server and at hydration alike) until the first
 * toast is asked for, then loads sonner (sonner-toaster.tsx), which shows it. If sonner cannot
 * load (a connection cut before the first toast), the toasts are lost, not the page: the Toaster
 * sits above the router, where an error would unmount the whole app.
 */
export function Toaster() {
  const requested = useSyncExternalStore(toastRequests.subscribe, toastRequests.requested, () => false);
  if (!requested) return null;
  return (
    <FailureBoundary catches={anyFailure}>
      <Suspense fallback={null}>
        <SonnerHost />
      </Suspense>
    </FailureBoundary>
  );
}
