import { MessageSquareQuote, Star, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { LIST_MAX_LIMIT, VISIBLE_TAGS_COUNT } from '#shared/constants.ts';
import { common } from '#shared/messages/common.ts';
import { helperProfile } from '#shared/messages/offers.ts';
import type { Review } from '#shared/schemas/reviews.ts';
import { publicName } from '#shared/rules/format.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { PageSkeleton, Skeleton } from '#web/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useAuthDialog } from '#web/lib/auth-dialog.ts';
import { useHelperReviews } from '#web/lib/api/get-helper-reviews.ts';
import { frenchParisDate } from '#shared/rules/paris-time.ts';
import { isHelperRole } from '#shared/rules/roles.ts';
import { useHelper } from '../api/get-helper.ts';
import { useHelperRating } from '../api/get-helper-rating.ts';
import { useSearchOffers } from '../api/search-offers.ts';
import { useLoginRequired } from './explore-results.tsx';
import { VerificationBadges } from './verification-badges.tsx';
import { ExploreOfferCard, OfferGridSkeleton, RatingBadge, type RenderMessageAction } from './offer-card.tsx';
import type { RenderReportAction } from './report-action.ts';

/** Three tags, then "+N" for the rest (spec 1 section 9). */
export function TagList({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  const shown = tags.slice(0, VISIBLE_TAGS_COUNT);
  const rest = tags.length - shown.length;
  return (
    <ul aria-label={helperProfile.tagsLabel} className="flex flex-wrap gap-2">
      {shown.map((tag) => (
        <li key={tag}>
          <Badge variant="accent">{tag}</Badge>
        </li>
      ))}
      {rest > 0 ? (
        <li>
          <Badge variant="neutral" title={tags.slice(VISIBLE_TAGS_COUNT).join(', ')}>
            <span aria-hidden="true">{helperProfile.moreTags(rest)}</span>
            <span className="sr-only">{helperProfile.moreTagsLabel(rest)}</span>
          </Badge>
        </li>
      ) : null}
    </ul>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={helperProfile.stars(rating)} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          size={16}
          aria-hidden="true"
          className={n <= rating ? 'fill-amber-400 text-amber-500' : 'text-slate-300'}
        />
      ))}
    </span>
  );
}

function ReviewItem({
  review,
  viewerId,
  renderReportAction,
}: {
  review: Review;
  viewerId: string | null;
  renderReportAction?: RenderReportAction;
}) {
  const author = publicName(review.author) || helperProfile.anonymousAuthor;
  return (
    <li className="rounded-2xl border border-line bg-white p-5 shadow-soft">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <Avatar name={author} src={review.author.avatar_url} size="sm" />
          <span className="font-semibold text-ink">{author}</span>
        </div>
        <time dateTime={review.created_at} className="text-sm text-ink-muted">
          {frenchParisDate(review.created_at)}
        </time>
      </div>
      <div className="mt-3">
        <Stars rating={review.rating} />
      </div>
      {review.comment ? <p className="mt-2 whitespace-pre-line text-slate-700">{review.comment}</p> : null}
      {renderReportAction && viewerId !== review.author.id ? (
        <div className="mt-2 flex justify-end">{renderReportAction({ type: 'review', id: review.id })}</div>
      ) : null}
    </li>
  );
}

function ReviewsPanel({ helperId, renderReportAction }: { helperId: string; renderReportAction?: RenderReportAction }) {
  const viewerId = useAuth().user?.id ?? null;
  const reviews = useHelperReviews(helperId);
  if (reviews.isPending) {
    return (
      <div className="space-y-4" aria-hidden="true">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
    );
  }
  if (reviews.isError) {
    return (
      <EmptyState
        title={helperProfile.reviewsLoadError}
        action={
          <Button variant="outline" onClick={() => void reviews.refetch()}>
            {common.retry}
          </Button>
        }
      />
    );
  }
  if (reviews.data.length === 0) {
    return (
      <EmptyState
        icon={<MessageSquareQuote size={22} />}
        title={helperProfile.noReviewsTitle}
        description={helperProfile.noReviewsText}
      />
    );
  }
  return (
    <ul className="space-y-4">
      {reviews.data.map((review) => (
        <ReviewItem key={review.id} review={review} viewerId={viewerId} renderReportAction={renderReportAction} />
      ))}
    </ul>
  );
}

/** The search of the helper's visible offers: the public search lists visible ones only (spec 2 section 4). */
export const profileOffersParams = (helperId: string) => ({ helper_id: helperId, limit: LIST_MAX_LIMIT });

function useProfileOffers(helperId: string) {
  return useSearchOffers('public', profileOffersParams(helperId));
}

/** "Envoyer un message" next to the helper's name: about the first offer the profile lists. */
function ProfileMessageAction({
  helperId,
  renderMessageAction,
}: {
  helperId: string;
  renderMessageAction: RenderMessageAction;
}) {
  const first = useProfileOffers(helperId).data?.items[0];
  return first ? <div className="mt-4">{renderMessageAction(first, 'profile')}</div> : null;
}

function OffersPanel({
  helperId,
  loggedIn,
  renderMessageAction,
}: {
  helperId: string;
  loggedIn: boolean;
  renderMessageAction?: RenderMessageAction;
}) {
  const onLoginRequired = useLoginRequired();
  const search = useProfileOffers(helperId);
  const grid = 'grid gap-6 sm:grid-cols-2';
  if (search.isPending) return <OfferGridSkeleton count={2} className={grid} />;
  if (search.isError) {
    return (
      <EmptyState
        title={helperProfile.loadError}
        action={
          <Button variant="outline" onClick={() => void search.refetch()}>
            {common.retry}
          </Button>
        }
      />
    );
  }
  if (search.data.items.length === 0) return <EmptyState title={helperProfile.noOffers} />;
  return (
    <ul className={grid}>
      {search.data.items.map((offer) => (
        <li key={offer.id}>
          <ExploreOfferCard
            offer={offer}
            loggedIn={loggedIn}
            onLoginRequired={onLoginRequired}
            showHelper={false}
            renderMessageAction={renderMessageAction}
          />
        </li>
      ))}
    </ul>
  );
}

function LoginPrompt() {
  const dialog = useAuthDialog();
  return (
    <Card className="bg-accent-tint">
      <h2 className="text-lg font-semibold text-ink">{helperProfile.loginPromptTitle}</h2>
      <p className="mt-1 text-slate-700">{helperProfile.loginPrompt}</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Button onClick={() => dialog.open('login')}>{helperProfile.login}</Button>
        <Button variant="outline" onClick={() => dialog.open('signup')}>
          {helperProfile.signup}
        </Button>
      </div>
    </Card>
  );
}

function Unavailable() {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16 sm:px-6">
      <EmptyState
        icon={<UserX size={22} />}
        title={helperProfile.unavailable}
        description={helperProfile.unavailableText}
      />
    </div>
  );
}

/**
 * The public helper profile (spec 1 section 2 "Public helper profile"). `renderMessageAction`: the
 * page's "Envoyer un message" button (spec 2 section 2: a first message can be sent from a profile).
 * `renderBlockAction`: the page's "Bloquer" (issue 13 section 2), shown to a signed-in visitor of
 * someone else's profile.
 */
export function HelperProfile({
  helperId,
  renderMessageAction,
  renderReportAction,
  renderBlockAction,
}: {
  helperId: string;
  renderMessageAction?: RenderMessageAction;
  /** The page's "Signaler" for the profile and each review (issue 13 section 1), never on one's own. */
  renderReportAction?: RenderReportAction;
  renderBlockAction?: (helper: { id: string; name: string }) => ReactNode;
}) {
  const auth = useAuth();
  const helper = useHelper(helperId);
  const isHelper = helper.isSuccess && isHelperRole(helper.data.role);
  const rating = useHelperRating(helperId, { enabled: isHelper });

  if (helper.isPending) return <PageSkeleton />;
  if (helper.isError) {
    // 404 (no such user) and 422 (not an id) both mean there is no profile to show.
    if (isApiError(helper.error) && (helper.error.status === 404 || helper.error.status === 422))
      return <Unavailable />;
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-16 sm:px-6">
        <EmptyState
          title={helperProfile.loadError}
          action={
            <Button variant="outline" onClick={() => void helper.refetch()}>
              {common.retry}
            </Button>
          }
        />
      </div>
    );
  }
  if (!isHelper) return <Unavailable />;

  const user = helper.data;
  const name = publicName(user);
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <Card>
        <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
          <Avatar name={name} src={user.avatar_url ?? user.profile_image_url} size="xl" />
          <div className="min-w-0 flex-1">
            <h1 className="text-3xl font-semibold break-words text-ink">{name}</h1>
            {user.username ? <p className="mt-1 text-ink-muted">@{user.username}</p> : null}
            <VerificationBadges verification={user.verification} className="mt-3" />
            <div className="mt-2">
              {rating.isSuccess ? <RatingBadge rating={rating.data} /> : <Skeleton className="h-5 w-24" />}
            </div>
            {user.bio?.trim() ? <p className="mt-4 whitespace-pre-line text-slate-700">{user.bio}</p> : null}
            <div className="mt-4">
              <TagList tags={user.tags} />
            </div>
            {auth.isAuthenticated && auth.user?.id !== user.id && renderMessageAction ? (
              <ProfileMessageAction helperId={user.id} renderMessageAction={renderMessageAction} />
            ) : null}
            {auth.isAuthenticated && auth.user?.id !== user.id && renderBlockAction ? (
              <div className="mt-4">{renderBlockAction({ id: user.id, name })}</div>
            ) : null}
          </div>
        </div>
        {renderReportAction && auth.user?.id !== user.id ? (
          <div className="mt-4 flex justify-end">{renderReportAction({ type: 'user', id: user.id })}</div>
        ) : null}
      </Card>

      {!auth.isAuthenticated && !auth.isLoading ? (
        <div className="mt-6">
          <LoginPrompt />
        </div>
      ) : null}

      <Tabs defaultValue="offers" className="mt-8">
        <TabsList aria-label={helperProfile.tabsLabel} className="w-fit max-w-full">
          <TabsTrigger value="offers">{helperProfile.tabOffers}</TabsTrigger>
          <TabsTrigger value="reviews">
            {helperProfile.tabReviews}
            {rating.isSuccess && rating.data.count > 0 ? <Badge variant="neutral">{rating.data.count}</Badge> : null}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="offers">
          <OffersPanel helperId={user.id} loggedIn={auth.token !== null} renderMessageAction={renderMessageAction} />
        </TabsContent>
        <TabsContent value="reviews">
          <ReviewsPanel helperId={user.id} renderReportAction={renderReportAction} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
