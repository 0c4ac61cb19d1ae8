import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ErrorCode } from '#shared/error-codes.ts';
import { common } from '#shared/messages/common.ts';
import { offers } from '#shared/messages/offers.ts';
import { offerFormToRequest, type OfferFormValues } from '#shared/schemas/offers.ts';
import { AccessDenied } from '#web/components/layout/dashboard-shell.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { PageSkeleton, Skeleton } from '#web/components/ui/skeleton.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { paths } from '#web/config/paths.ts';
import { errorMessage, isApiError } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useCharterDialog } from '#web/lib/charter-dialog.ts';
import { usePayoutStatus } from '#web/lib/api/get-payout-status.ts';
import { usePrivateOffer } from '#web/lib/api/get-private-offer.ts';
import { useCreateOffer } from '../api/create-offer.ts';
import { useUpdateOffer } from '../api/update-offer.ts';
import { OfferForm, offerToFormValues } from './offer-form.tsx';

function PageFrame({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:px-6 sm:py-12" data-tone="helper">
      <h1 className="text-3xl font-semibold text-ink">{title}</h1>
      <p className="mt-2 text-slate-700">{intro}</p>
      <div className="mt-8">{children}</div>
    </div>
  );
}

/** Helper pages only (spec 1 section 6): others, logged out included, see "Accès refusé". */
function useHelperGuard(): { ready: false; element: ReactNode } | { ready: true; userId: string } {
  const auth = useAuth();
  if (auth.isLoading) return { ready: false, element: <PageSkeleton /> };
  if (!auth.user) return { ready: false, element: <AccessDenied /> };
  if (!auth.isHelper) return { ready: false, element: <AccessDenied text={common.helperOnlyHint} /> };
  return { ready: true, userId: auth.user.id };
}

/** Server failures of a save: a toast "Erreur" with the server's text, and the payout rule in the form when that is the cause. */
function useSaveErrors(fallback: string) {
  const [payoutRefused, setPayoutRefused] = useState(false);
  const onError = (error: unknown) => {
    setPayoutRefused(isApiError(error) && error.code === ErrorCode.PAYOUT_ACCOUNT_REQUIRED);
    toast.error(common.error, { description: errorMessage(error, fallback) });
  };
  return { payoutRefused, onError, reset: () => setPayoutRefused(false) };
}

function CreateOfferForm({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const payout = usePayoutStatus(userId);
  const create = useCreateOffer();
  const saveErrors = useSaveErrors(offers.createError);
  const { user } = useAuth();
  const charter = useCharterDialog();
  const onSubmit = async (values: OfferFormValues) => {
    saveErrors.reset();
    // A new version of the charter is accepted again before the next offer (the server refuses it otherwise).
    if (!user?.verification.charter_accepted && !(await charter.request('renew'))) return;
    try {
      const offer = await create.mutateAsync(offerFormToRequest(values));
      toast.success(offers.created);
      // Spec 1 section 2: after creation, the first slot entry of the new offer.
      await navigate(paths.addSlots.href(offer.id));
    } catch (error) {
      saveErrors.onError(error);
    }
  };
  return (
    <OfferForm
      payoutReady={payout.data?.details_submitted}
      payoutRefused={saveErrors.payoutRefused}
      submitLabel={offers.submitCreate}
      cancelTo={paths.dashboard.href('offers')}
      onSubmit={onSubmit}
    />
  );
}

export function CreateOfferPage() {
  const guard = useHelperGuard();
  if (!guard.ready) return guard.element;
  return (
    <PageFrame title={offers.createTitle} intro={offers.createIntro}>
      <CreateOfferForm userId={guard.userId} />
    </PageFrame>
  );
}

/** The French text of a failed load of the offer to edit (spec 1 section 8, by status). */
export function offerLoadErrorText(error: unknown): string {
  const status = isApiError(error) ? error.status : 0;
  if (status === 401) return offers.loadUnauthorized;
  if (status === 403) return offers.loadForbidden;
  if (status === 404 || status === 422) return offers.loadNotFound;
  return offers.loadOther;
}

function EditOfferForm({ offerId, userId }: { offerId: string; userId: string }) {
  const navigate = useNavigate();
  const offer = usePrivateOffer(offerId);
  const payout = usePayoutStatus(userId);
  const update = useUpdateOffer();
  const saveErrors = useSaveErrors(offers.updateError);

  if (offer.isPending) {
    return (
      <div className="space-y-6" role="status" aria-live="polite">
        <span className="sr-only">{common.loading}</span>
        <Skeleton className="h-16" />
        <Skeleton className="h-36" />
        <Skeleton className="h-16" />
        <Skeleton className="h-48" />
      </div>
    );
  }
  if (offer.isError) {
    const status = isApiError(offer.error) ? offer.error.status : 0;
    const retryable = ![401, 403, 404, 422].includes(status);
    return (
      <EmptyState
        title={offerLoadErrorText(offer.error)}
        action={
          retryable ? (
            <Button variant="outline" onClick={() => void offer.refetch()}>
              {common.retry}
            </Button>
          ) : undefined
        }
      />
    );
  }

  const onSubmit = async (values: OfferFormValues) => {
    saveErrors.reset();
    try {
      await update.mutateAsync({ offerId, payload: offerFormToRequest(values) });
      toast.success(offers.updated);
      await navigate(paths.dashboard.href('offers'));
    } catch (error) {
      saveErrors.onError(error);
    }
  };
  return (
    <OfferForm
      defaultValues={offerToFormValues(offer.data)}
      payoutReady={payout.data?.details_submitted}
      payoutRefused={saveErrors.payoutRefused}
      submitLabel={offers.submitEdit}
      cancelTo={paths.dashboard.href('offers')}
      onSubmit={onSubmit}
    />
  );
}

export function EditOfferPage({ offerId }: { offerId: string }) {
  const guard = useHelperGuard();
  if (!guard.ready) return guard.element;
  return (
    <PageFrame title={offers.editTitle} intro={offers.editIntro}>
      <EditOfferForm key={offerId} offerId={offerId} userId={guard.userId} />
    </PageFrame>
  );
}
