import { CalendarClock, Eye, PenLine, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { LIST_MAX_LIMIT } from '#shared/constants.ts';
import { common } from '#shared/messages/common.ts';
import { categories, offers } from '#shared/messages/offers.ts';
import { dashboard } from '#shared/messages/pages.ts';
import type { PublicOffer } from '#shared/schemas/offers.ts';
import { AlertDialog, AlertDialogContent, AlertDialogTrigger } from '#web/components/ui/alert-dialog.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { paths } from '#web/config/paths.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useDeleteOffer } from '../api/delete-offer.ts';
import { useSearchOffers } from '../api/search-offers.ts';
import { useUpdateOffer } from '../api/update-offer.ts';
import { PriceDuration } from './offer-card.tsx';

/** Spec 1 section 8: an error that mentions a reservation or "active" means active bookings block the deletion. */
export function mentionsActiveBookings(message: string): boolean {
  return /r[ée]servation|active/i.test(message);
}

function VisibilitySwitch({ offer }: { offer: PublicOffer }) {
  const update = useUpdateOffer();
  const id = `visible-${offer.id}`;
  // Shows the requested state while the request runs, so the switch answers at once.
  const checked = update.isPending && update.variables ? update.variables.payload.visible === true : offer.visible;
  const toggle = (visible: boolean) =>
    update.mutate(
      { offerId: offer.id, payload: { visible } },
      {
        onSuccess: () => toast.success(visible ? offers.visibilityShown : offers.visibilityHidden),
        onError: (error) => toast.error(common.error, { description: errorMessage(error, offers.visibilityError) }),
      },
    );
  return (
    <div className="flex items-center gap-3">
      <Switch
        id={id}
        checked={checked}
        disabled={update.isPending}
        onCheckedChange={toggle}
        aria-label={offers.visibilityLabel(offer.title)}
      />
      <label htmlFor={id} className="text-sm font-medium text-ink" aria-hidden="true">
        {checked ? offers.visible : offers.hidden}
      </label>
    </div>
  );
}

function DeleteOfferButton({ offer, onActiveBookings }: { offer: PublicOffer; onActiveBookings: () => void }) {
  const remove = useDeleteOffer();
  const confirm = () =>
    remove.mutate(offer.id, {
      onSuccess: () => toast.success(offers.deleted),
      onError: (error) => {
        const text = errorMessage(error, offers.deleteFallback);
        if (mentionsActiveBookings(text)) onActiveBookings();
        else toast.error(common.error, { description: text });
      },
    });
  return (
    <AlertDialog>
      <AlertDialogTriggerButton loading={remove.isPending} title={offer.title} />
      <AlertDialogContent
        title={offers.deleteConfirmTitle}
        description={offers.deleteConfirmText(offer.title)}
        cancelLabel={common.cancel}
        confirmLabel={common.delete}
        onConfirm={confirm}
        danger
      />
    </AlertDialog>
  );
}

function AlertDialogTriggerButton({ loading, title }: { loading: boolean; title: string }) {
  return (
    <AlertDialogTrigger asChild>
      <Button
        variant="ghost"
        size="sm"
        className="text-danger! hover:bg-danger-soft"
        loading={loading}
        loadingLabel={offers.deleting}
        aria-label={`${common.delete} « ${title} »`}
      >
        <Trash2 size={18} aria-hidden="true" />
        {common.delete}
      </Button>
    </AlertDialogTrigger>
  );
}

function OfferRow({ offer, onActiveBookings }: { offer: PublicOffer; onActiveBookings: () => void }) {
  return (
    <li className="rounded-2xl border border-line bg-white p-5 shadow-soft">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-lg font-semibold break-words text-ink">{offer.title}</h3>
            {offer.visible ? null : <Badge variant="warning">{offers.hidden}</Badge>}
          </div>
          <p className="mt-1 text-sm text-ink-muted">
            {categories[offer.category]} · {offers.pricingSummary(offer.pricing_options.length)}
          </p>
          <PriceDuration offer={offer} className="mt-2" />
        </div>
        <VisibilitySwitch offer={offer} />
      </div>
      <div className="mt-4 flex flex-wrap gap-2 border-t border-line pt-4">
        <ButtonLink to={paths.book.href(offer.id)} variant="ghost" size="sm">
          <Eye size={18} aria-hidden="true" />
          {offers.previewAction}
        </ButtonLink>
        <ButtonLink to={paths.editOffer.href(offer.id)} variant="ghost" size="sm">
          <PenLine size={18} aria-hidden="true" />
          {common.edit}
        </ButtonLink>
        <ButtonLink to={paths.manageSlots.href(offer.id)} variant="ghost" size="sm">
          <CalendarClock size={18} aria-hidden="true" />
          {offers.manageSlotsAction}
        </ButtonLink>
        <DeleteOfferButton offer={offer} onActiveBookings={onActiveBookings} />
      </div>
    </li>
  );
}

/** Dashboard "offers" tab (spec 1 section 2): the helper's offers, hidden ones included. */
export default function OffersTab() {
  const { user } = useAuth();
  const [activeBookingsOpen, setActiveBookingsOpen] = useState(false);
  // search-for-user lists the helper's own hidden offers too.
  const search = useSearchOffers(
    'for-user',
    { helper_id: user?.id, limit: LIST_MAX_LIMIT },
    { enabled: Boolean(user) },
  );

  let body;
  if (search.isPending) {
    body = (
      <div className="space-y-4" role="status" aria-live="polite">
        <span className="sr-only">{common.loading}</span>
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    );
  } else if (search.isError) {
    body = (
      <EmptyState
        title={offers.myOffersLoadError}
        action={
          <Button variant="outline" onClick={() => void search.refetch()}>
            {common.retry}
          </Button>
        }
      />
    );
  } else if (search.data.items.length === 0) {
    body = (
      <EmptyState
        icon={<Plus size={22} />}
        title={offers.myOffersEmptyTitle}
        description={offers.myOffersEmptyText}
        action={<ButtonLink to={paths.createOffer.href()}>{offers.createOfferAction}</ButtonLink>}
      />
    );
  } else {
    body = (
      <ul className="space-y-4">
        {search.data.items.map((offer) => (
          <OfferRow key={offer.id} offer={offer} onActiveBookings={() => setActiveBookingsOpen(true)} />
        ))}
      </ul>
    );
  }

  return (
    <div data-tone="helper">
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="text-2xl font-semibold text-ink">{dashboard.tabOffers}</h2>
        {search.isSuccess && search.data.items.length > 0 ? (
          <ButtonLink to={paths.createOffer.href()}>
            <Plus size={20} aria-hidden="true" />
            {offers.createOfferAction}
          </ButtonLink>
        ) : null}
      </div>
      {body}
      <AlertDialog open={activeBookingsOpen} onOpenChange={setActiveBookingsOpen}>
        <AlertDialogContent
          title={offers.activeBookingsDialogTitle}
          description={offers.activeBookingsDialogText}
          cancelLabel={common.close}
        />
      </AlertDialog>
    </div>
  );
}
