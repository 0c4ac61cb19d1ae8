import { availability, common } from '#shared/messages.ts';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { paths } from '#web/config/paths.ts';
import { isApiError } from '#web/lib/api-client.ts';
import { offerLoadMessage } from '../api/get-own-offer.ts';

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
