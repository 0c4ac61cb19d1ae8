import { useEffect } from 'react';
import { Toaster as SonnerToaster, toast } from 'sonner';
import { common } from '#shared/messages/common.ts';
import { toasterMounted } from './toast.ts';

/**
 * sonner with its defaults spelled out (spec 2 section 9: 3 visible, 4 s, bottom-right); the close
 * button gets a French name (sonner's own is "Close toast"). Loaded with the first toast (toaster.tsx).
 */
export default function SonnerHost() {
  // Runs after sonner's own effects (children first), once it listens for toasts.
  useEffect(() => toasterMounted(toast), []);
  return (
    <SonnerToaster
      position="bottom-right"
      visibleToasts={3}
      duration={4000}
      closeButton
      toastOptions={{
        closeButtonAriaLabel: common.close,
        classNames: { toast: 'font-sans rounded-2xl', description: '!text-slate-700' },
      }}
    />
  );
}
