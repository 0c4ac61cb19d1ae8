import { useState, type FormEvent } from 'react';
import { bookingsTab, cancellation } from '#shared/messages/bookings.ts';
import { CancelBookingSchema } from '#shared/schemas/bookings.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';

/**
 * The cancellation-reason dialog (spec 2 sections 2 and 5): a trimmed reason is required, the error
 * clears as soon as the user types, confirm and dismiss. `onConfirm` resolves true when the
 * cancellation went through, which closes the dialog. A paid booking says first whether it will be
 * refunded (`refundNotice`).
 */
export function CancelBookingDialog({
  open,
  onOpenChange,
  onConfirm,
  pending,
  refundNotice,
  onCloseAutoFocus,
  title = bookingsTab.dialogTitle,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (reason: string) => Promise<boolean>;
  pending: boolean;
  /** What the cancellation does to the money (issue 9 section 3), said before the person confirms. */
  refundNotice?: string | null;
  onCloseAutoFocus?: (event: Event) => void;
  /** The dialog's title: "Annuler la réservation" unless the helper releases a payment hold. */
  title?: string;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const change = (open: boolean) => {
    if (!open) {
      setReason('');
      setError(null);
    }
    onOpenChange(open);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = CancelBookingSchema.safeParse({ cancellation_reason: reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? cancellation.reasonRequired);
      return;
    }
    if (await onConfirm(parsed.data.cancellation_reason)) change(false);
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent title={title} description={bookingsTab.dialogText} size="sm" onCloseAutoFocus={onCloseAutoFocus}>
        {refundNotice ? (
          <p className="mb-4 rounded-xl bg-accent-soft p-3 font-medium text-accent-text" data-testid="refund-notice">
            {refundNotice}
          </p>
        ) : null}
        <form onSubmit={(event) => void submit(event)} noValidate>
          <FormField label={bookingsTab.reasonLabel} error={error}>
            <Textarea
              // The reason is the one thing to do here; with focus on the close button, the first space
              // typed would close the dialog.
              autoFocus
              value={reason}
              rows={3}
              placeholder={bookingsTab.reasonPlaceholder}
              onChange={(event) => {
                setReason(event.target.value);
                if (error) setError(null);
              }}
              aria-required="true"
            />
          </FormField>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">{bookingsTab.keepBooking}</Button>
            </DialogClose>
            <Button type="submit" variant="danger" loading={pending} loadingLabel={bookingsTab.cancelling}>
              {bookingsTab.confirmCancel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
