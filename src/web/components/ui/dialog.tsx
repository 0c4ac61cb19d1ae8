import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { common } from '#shared/messages/common.ts';
import { cn } from '#web/lib/cn.ts';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export const overlayClasses = 'fixed inset-0 z-50 bg-slate-900/50 data-[state=open]:animate-fade-in';

/** Bottom sheet on phones, centred card from 640 px (UI.md). */
export const sheetClasses =
  'fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-soft focus:outline-none data-[state=open]:animate-sheet-in sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-[calc(100%-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6 sm:data-[state=open]:animate-pop-in';

const widths = { sm: 'sm:max-w-md', md: 'sm:max-w-lg', lg: 'sm:max-w-2xl' } as const;

export function DialogContent({
  title,
  description,
  children,
  size = 'md',
  className,
  hideClose = false,
  onCloseAutoFocus,
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  size?: keyof typeof widths;
  className?: string;
  hideClose?: boolean;
  /** Where focus goes on close; by default back to the trigger (which may be gone after the action). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClasses} />
      <DialogPrimitive.Content
        className={cn(sheetClasses, widths[size], className)}
        onCloseAutoFocus={onCloseAutoFocus}
        // Radix warns without a description; an explicit undefined says "none on purpose".
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div className="space-y-1">
            <DialogPrimitive.Title className="text-2xl font-semibold text-ink">{title}</DialogPrimitive.Title>
            {description ? (
              <DialogPrimitive.Description className="text-ink-muted">{description}</DialogPrimitive.Description>
            ) : null}
          </div>
          {hideClose ? null : (
            <DialogPrimitive.Close
              className="focus-ring -mt-1 -mr-1 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl text-ink-muted hover:bg-slate-100"
              aria-label={common.close}
            >
              <X size={20} aria-hidden="true" />
            </DialogPrimitive.Close>
          )}
        </div>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
