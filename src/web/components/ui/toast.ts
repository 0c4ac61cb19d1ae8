import type { ReactNode } from 'react';
import type { ExternalToast, toast as sonnerToast } from 'sonner';

/**
 * `toast.success(…)` / `toast.error(…)` without sonner in the first page's bundle (DESIGN.md
 * section 9): the first call asks the app's <Toaster /> (toaster.tsx) to load and mount sonner's,
 * and every call is passed on once it is mounted, in order. A toast asked for while no <Toaster />
 * is rendered waits for one, as sonner's own would stay unseen.
 */

type SonnerToast = typeof sonnerToast;
type Kind = 'success' | 'error' | 'info' | 'warning';

let requested = false;
const requestListeners = new Set<() => void>();
let markMounted: (toast: SonnerToast) => void = () => undefined;
const mounted = new Promise<SonnerToast>((resolve) => {
  markMounted = resolve;
});

function show(kind: Kind | null, message: ReactNode, options?: ExternalToast): void {
  if (!requested) {
    requested = true;
    for (const listener of requestListeners) listener();
  }
  void mounted.then((real) => (kind ? real[kind](message, options) : real(message, options)));
}

export const toast = Object.assign((message: ReactNode, options?: ExternalToast) => show(null, message, options), {
  success: (message: ReactNode, options?: ExternalToast) => show('success', message, options),
  error: (message: ReactNode, options?: ExternalToast) => show('error', message, options),
  info: (message: ReactNode, options?: ExternalToast) => show('info', message, options),
  warning: (message: ReactNode, options?: ExternalToast) => show('warning', message, options),
});

/** For <Toaster />: whether a toast was asked for yet, as a store for useSyncExternalStore. */
export const toastRequests = {
  subscribe: (listener: () => void): (() => void) => {
    requestListeners.add(listener);
    return () => {
      requestListeners.delete(listener);
    };
  },
  requested: (): boolean => requested,
};

/** Called by sonner's mounted <Toaster />: the toasts asked for so far, and later ones, go to it. */
export function toasterMounted(real: SonnerToast): void {
  markMounted(real);
}
