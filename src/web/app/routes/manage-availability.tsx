import { LIST_MAX_LIMIT } from '#shared/constants.ts';
import { availability, slots as slotMessages } from '#shared/messages/availability.ts';
import { common, pageTitles } from '#shared/messages/common.ts';
import { AccessDenied } from '#web/components/layout/dashboard-shell.tsx';
import { Card, CardTitle } from '#web/components/ui/card.tsx';
import { PageSkeleton, Skeleton } from '#web/components/ui/skeleton.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { useDeleteTimeSlot } from '#web/features/availability/api/delete-time-slot.ts';
import { useTimeSlots } from '#web/features/availability/api/get-time-slots.ts';
import { useToggleSlotAvailability } from '#web/features/availability/api/toggle-slot-availability.ts';
import { SlotList, type SlotItem } from '#web/features/availability/components/slot-list.tsx';
import { SlotRowsForm } from '#web/features/availability/components/slot-rows-form.tsx';
import { useSearchOffers } from '#web/features/offers/api/search-offers.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/** /manage-availability: every slot of the helper by date, with add, delete and on/off (spec 1 section 2). */
export default function ManageAvailabilityPage() {
  useDocumentTitle(pageTitles.manageAvailability);
  const auth = useAuth();
  const slotsQuery = useTimeSlots(auth.isHelper);
  const remove = useDeleteTimeSlot();
  const toggle = useToggleSlotAvailability();
  // The same query as the dashboard's offers tab (usually cached): names the offer of each slot.
  const ownOffers = useSearchOffers(
    'for-user',
    { helper_id: auth.user?.id, limit: LIST_MAX_LIMIT },
    { enabled: auth.isHelper },
  );
  const offerTitles = new Map((ownOffers.data?.items ?? []).map((offer) => [offer.id, offer.title]));

  if (auth.isLoading) return <PageSkeleton />;
  if (!auth.isHelper) return <AccessDenied text={common.helperOnlyHint} />;

  const now = slotsQuery.dataUpdatedAt || Date.now();
  const items: SlotItem[] = (slotsQuery.data ?? []).map((slot) => ({
    id: slot.id,
    date: slot.date,
    startAt: slot.start_at,
    endAt: slot.end_at,
    available: slot.is_available,
    past: new Date(slot.end_at).getTime() <= now,
    detail: slot.offer_id ? (offerTitles.get(slot.offer_id) ?? null) : availability.allOffers,
  }));

  const busyId = remove.isPending ? remove.variables : toggle.isPending ? toggle.variables : null;

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-3xl font-semibold text-ink">{availability.manageAvailabilityTitle}</h1>
        <p className="mt-2 text-ink-muted">{availability.manageAvailabilityIntro}</p>
      </div>
      <Card>
        <CardTitle>{availability.listTitle}</CardTitle>
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
            <SlotList
              items={items}
              busyId={busyId}
              onDelete={(item) =>
                remove.mutate(item.id, {
                  onSuccess: () => toast.success(slotMessages.deleted),
                  onError: () => toast.error(slotMessages.deleteError),
                })
              }
              onToggle={(item) => toggle.mutate(item.id, { onError: () => toast.error(slotMessages.toggleError) })}
            />
          )}
        </div>
      </Card>
      <Card>
        <CardTitle className="mb-4">{availability.addFormTitle}</CardTitle>
        <SlotRowsForm offerId={null} errorFallback={slotMessages.addError} />
      </Card>
    </div>
  );
}
