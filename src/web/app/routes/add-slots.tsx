import { useNavigate, useParams } from 'react-router';
import { availability, slots as slotMessages } from '#shared/messages/availability.ts';
import { common, pageTitles } from '#shared/messages/common.ts';
import { AccessDenied } from '#web/components/layout/dashboard-shell.tsx';
import { ButtonLink } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { PageSkeleton } from '#web/components/ui/skeleton.tsx';
import { paths } from '#web/config/paths.ts';
import { usePrivateOffer } from '#web/lib/api/get-private-offer.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { OwnOfferLoadError } from '#web/features/availability/components/own-offer-load-error.tsx';
import { SlotRowsForm } from '#web/features/availability/components/slot-rows-form.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/** /offers/{id}/add-slots: the first slots after creating an offer (spec 1 section 2 "Slot pages"). */
export default function AddSlotsPage() {
  useDocumentTitle(pageTitles.addSlots);
  const { id = '' } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const offer = usePrivateOffer(id, { enabled: auth.isHelper });

  if (auth.isLoading) return <PageSkeleton />;
  if (!auth.isHelper) return <AccessDenied text={common.helperOnlyHint} />;
  if (offer.isPending) return <PageSkeleton />;
  if (offer.isError) return <OwnOfferLoadError error={offer.error} onRetry={() => void offer.refetch()} />;

  const backToOffers = () => void navigate(paths.dashboard.href('offers'));
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-semibold text-ink">{availability.addSlotsTitle}</h1>
      <p className="mt-2 text-ink-muted">{availability.addSlotsIntro(offer.data.title)}</p>
      <Card className="mt-6">
        <SlotRowsForm
          offerId={offer.data.id}
          errorFallback={slotMessages.createError}
          onCreated={backToOffers}
          secondaryAction={
            <ButtonLink to={paths.dashboard.href('offers')} variant="ghost">
              {availability.skip}
            </ButtonLink>
          }
        />
      </Card>
    </div>
  );
}
