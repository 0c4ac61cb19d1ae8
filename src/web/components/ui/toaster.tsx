import { Toaster as SonnerToaster } from 'sonner';
import { common } from '#shared/messages/common.ts';

export { toast } from 'sonner';

/**
 * sonner with its defaults spelled out (spec 2 section 9: 3 visible, 4 s, bottom-right); the close
 * button gets a French name (sonner's own is "Close toast").
 */
export function Toaster() {
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
