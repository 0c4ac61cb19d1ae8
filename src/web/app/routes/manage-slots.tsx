import { useState } from 'react';
import { useParams } from 'react-router';
import { availability, slots as slotMessages } from '#shared/messages/availability.ts';
import { common, pageTitles } from '#shared/messages/common.ts';
import { AccessDenied } from '#web/components/layout/dashboard-shell.tsx';
import { ButtonLink } from '#web/components/ui/button.tsx';
import { Card, CardTitle } from '#web/components/ui/card.tsx';
import { PageSkeleton, Skeleton } from '#web/components/ui/skeleton.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { paths } from '#web/config/paths.ts';
import { usePrivateOffer } from '#web/lib/api/get-private-offer.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useDeleteCalendarSlot } from '#web/features/availability/api/delete-calendar-slot.ts';
import { useMySlots } from '#web/features/availability/api/get-my-slots.ts';
import { OwnOfferLoadError } from '#web/features/availability/components/own-offer-load-error.tsx';
import { SingleSlotDialog } from '#web/features/availability/components/single-slot-dialog.tsx';
import { SlotList, type SlotItem } from '#web/features/availability/components/slot-list.tsx';
import { SlotRowsForm } from '#web/features/availability/components/slot-rows-form.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/** /offers/{id}/manage-slots: the slots of one offer, delete, add rows, or one detailed slot. */
export default function ManageSlotsPage() {
  useDocumentTitle(pageTitles.manageSlots);
  const { id = '' } = useParams();
  const auth = useAuth();
  const [showPast, setShowPast] = useState(false);
  const offer = usePrivateOffer(id, { enabled: auth.isHelper });
  const slotsQuery = useMySlots(id, auth.isHelper && offer.isSuccess);
  const remove = useDeleteCalendarSlot();

  if (auth.isLoading) return <PageSkeleton />;
  if (!auth.isHelper) return <AccessDenied text={common.helperOnlyHint} />;
  if (offer.isPending) return <PageSkeleton />;
  if (offer.isError) return <OwnOfferLoadError error={offer.error} onRetry={() => void offer.refetch()} />;

  // Past slots are filtered here by their end (spec 1 section 7), against the time of the last fetch.
  const now = slotsQuery.dataUpdatedAt || Date.now();
  const items: SlotItem[] = (slotsQuery.data ?? [])
    .map((slot) => ({
      id: slot.id,
      date: slot.date,
      startAt: slot.start_at,
      endAt: slot.end_at,
      available: slot.status === 'available',
      past: new Date(slot.end_at).getTime() <= now,
      detail: slot.notes,
    }))
    .filter((item) => showPast || !item.past);

  const deleteSlot = (item: SlotItem) =>
    remove.mutate(item.id, {
      onSuccess: () => toast.success(slotMessages.deleted),
      onError: () => toast.error(slotMessages.deleteError),
    });

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-semibold text-ink">{availability.manageSlotsTitle}</h1>
          <p className="mt-2 text-ink-muted">{availability.manageSlotsIntro(offer.data.title)}</p>
        </div>
        <ButtonLink to={paths.dashboard.href('offers')} variant="ghost">
          {availability.backToOffers}
        </ButtonLink>
      </div>

      <Card>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <CardTitle>{availability.listTitle}</CardTitle>
          <label className="flex items-center gap-3 text-sm text-ink">
            <Switch checked={showPast} onCheckedChange={setShowPast} />
            {availability.showPast}
          </label>
        </div>
        <div className="mt-4">
          {slotsQuery.isPending ? (
            <Skeleton className="h-32" />
          ) : slotsQuery.isError ? (
            <p role="alert" className="text-danger">
              {availability.loadError}
            </p>
          ) : items.length === 0 ? (
            <p className="text-ink-muted">{availability.noSlots}</p>
          ) : (
            <SlotList items={items} onDelete={deleteSlot} busyId={remove.isPending ? remove.variables : null} />
          )}
        </div>
      </Card>

      <Card>
        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <CardTitle>{availability.addFormTitle}</CardTitle>
          <SingleSlotDialog offerId={offer.data.id} />
        </div>
        <SlotRowsForm offerId={offer.data.id} errorFallback={slotMessages.addError} />
      </Card>
    </div>
  );
}
