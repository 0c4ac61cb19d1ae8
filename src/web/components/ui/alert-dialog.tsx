import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';
import { buttonClasses } from './button.tsx';
import { overlayClasses, sheetClasses } from './dialog.tsx';

export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;

/**
 * A confirmation (delete, cancel): title, explanation, then the actions. `confirmLabel` runs
 * `onConfirm`; pass `danger` for destructive actions. Without `onConfirm` only the cancel button shows.
 */
export function AlertDialogContent({
  title,
  description,
  children,
  cancelLabel,
  confirmLabel,
  onConfirm,
  danger = false,
  confirmDisabled = false,
  onCloseAutoFocus,
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  cancelLabel: ReactNode;
  confirmLabel?: ReactNode;
  onConfirm?: () => void;
  danger?: boolean;
  confirmDisabled?: boolean;
  /** Where focus goes once closed, for a dialog opened without an AlertDialogTrigger. */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className={overlayClasses} />
      <AlertDialogPrimitive.Content
        className={cn(sheetClasses, 'sm:max-w-md')}
        onCloseAutoFocus={onCloseAutoFocus}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <AlertDialogPrimitive.Title className="text-2xl font-semibold text-ink">{title}</AlertDialogPrimitive.Title>
        {description ? (
          <AlertDialogPrimitive.Description className="mt-2 text-ink-muted">
            {description}
          </AlertDialogPrimitive.Description>
        ) : null}
        {children ? <div className="mt-4">{children}</div> : null}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <AlertDialogPrimitive.Cancel className={buttonClasses({ variant: 'outline' })}>
            {cancelLabel}
          </AlertDialogPrimitive.Cancel>
          {confirmLabel && onConfirm ? (
            <AlertDialogPrimitive.Action
              className={buttonClasses({ variant: danger ? 'danger' : 'primary' })}
              onClick={onConfirm}
              disabled={confirmDisabled}
            >
              {confirmLabel}
            </AlertDialogPrimitive.Action>
          ) : null}
        </div>
      </AlertDialogPrimitive.Content>
    </AlertDialogPrimitive.Portal>
  );
}
