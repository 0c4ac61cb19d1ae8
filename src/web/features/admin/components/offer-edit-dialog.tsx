import { useState, type FormEvent, type ReactNode } from 'react';
import { admin, adminConsole } from '#shared/messages/admin.ts';
import { common } from '#shared/messages/common.ts';
import type { AdminOffer } from '#shared/schemas/admin.ts';
import { formatMoney } from '#shared/rules/format.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useUpdateAdminOffer } from '../api/update-offer.ts';

/**
 * Spec 2 section 5: the admin edit parses price_cents and duration_minutes as integers, defaulting to
 * 0 ("90 min" reads 90, "abc" reads 0). The server decides what it accepts (a 0 duration is refused
 * with a French 422, shown here).
 */
export function parseIntegerOrZero(text: string): number {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isNaN(value) ? 0 : value;
}

/**
 * The edit modal of one offer: title, description, price in cents, duration in minutes. `trigger` (a
 * button) opens it and gets the focus back when it closes.
 */
export function OfferEditDialog({ offer, trigger }: { offer: AdminOffer; trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title={adminConsole.editTitle} description={offer.title}>
        {/* Mounted while open only: each opening starts from the offer as it is now. */}
        {open ? <OfferEditForm offer={offer} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function OfferEditForm({ offer, onDone }: { offer: AdminOffer; onDone: () => void }) {
  const update = useUpdateAdminOffer();
  const [title, setTitle] = useState(offer.title);
  const [description, setDescription] = useState(offer.description);
  const [price, setPrice] = useState(String(offer.price_cents));
  const [duration, setDuration] = useState(String(offer.duration_minutes));
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    try {
      await update.mutateAsync({
        offerId: offer.id,
        changes: {
          title,
          description,
          price_cents: parseIntegerOrZero(price),
          duration_minutes: parseIntegerOrZero(duration),
        },
      });
      toast.success(admin.edited);
      onDone();
    } catch (failure) {
      const detail = errorMessage(failure, admin.editError);
      setServerError(detail);
      toast.error(admin.editError, { description: detail });
    }
  };

  const pricePreview = formatMoney(parseIntegerOrZero(price));
  return (
    <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
      <FormField label={adminConsole.fieldTitle}>
        <Input value={title} onChange={(event) => setTitle(event.target.value)} />
      </FormField>
      <FormField label={adminConsole.fieldDescription}>
        <Textarea rows={5} value={description} onChange={(event) => setDescription(event.target.value)} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={adminConsole.fieldPrice} hint={adminConsole.fieldPriceHint(pricePreview)}>
          <Input inputMode="numeric" value={price} onChange={(event) => setPrice(event.target.value)} />
        </FormField>
        <FormField label={adminConsole.fieldDuration}>
          <Input inputMode="numeric" value={duration} onChange={(event) => setDuration(event.target.value)} />
        </FormField>
      </div>
      {serverError ? (
        <p role="alert" className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-medium text-danger">
          {serverError}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{common.cancel}</Button>
        </DialogClose>
        <Button type="submit" loading={update.isPending} loadingLabel={common.saving}>
          {common.save}
        </Button>
      </div>
    </form>
  );
}
