import { availability } from '#shared/messages/availability.ts';
import { common } from '#shared/messages/common.ts';
import { offers } from '#shared/messages/offers.ts';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { paths } from '#web/config/paths.ts';
import { isApiError } from '#web/lib/api-client.ts';

/** The French text of a failed load (spec 1: "Offre non trouvée" on 404, then section 8 by status). */
export function offerLoadMessage(error: unknown): string {
  if (!isApiError(error)) return offers.loadOther;
  if (error.status === 404 || error.status === 422) return offers.notFound;
  if (error.status === 403) return offers.loadForbidden;
  if (error.status === 401) return offers.loadUnauthorized;
  return offers.loadOther;
}

/** The slot pages' answer when the helper's own offer cannot be loaded: the spec's per-status text, a retry when it may help. */
export function OwnOfferLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const retryable = !isApiError(error) || error.status >= 500;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16 sm:px-6">
      <EmptyState
        title={offerLoadMessage(error)}
        action={
          <>
            {retryable ? <Button onClick={onRetry}>{common.retry}</Button> : null}
            <ButtonLink to={paths.dashboard.href('offers')} variant="outline">
              {availability.backToOffers}
            </ButtonLink>
          </>
        }
      />
    </div>
  );
}
