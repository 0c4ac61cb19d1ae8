import { Clock, MessageCircle, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EXPLORE_DESCRIPTION_PREVIEW_LENGTH, LANDING_DESCRIPTION_PREVIEW_LENGTH } from '#shared/constants.ts';
import { common } from '#shared/messages/common.ts';
import { offerCard } from '#shared/messages/offer-card.ts';
import { formatMoney, formatNumber, truncate } from '#shared/rules/format.ts';
import { titleHashtag, titleTag } from '#shared/rules/offer-tag.ts';
import type { PublicOffer } from '#shared/schemas/offers.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button, ButtonLink, buttonClasses } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { paths } from '#web/config/paths.ts';
import { cn } from '#web/lib/cn.ts';

/**
 * The offer card family (UI.md: one family for the landing page, the search page and the helper
 * profile). Ratings are real (DESIGN.md section 8 replaces the spec's fixed 5.0).
 */

type OfferHelper = PublicOffer['helper'];

export function helperName(helper: Pick<OfferHelper, 'display_name' | 'username'>): string {
  return helper.display_name?.trim() || helper.username || '';
}

/** "★ 4,5 (3 avis)", or "Nouveau" when the helper has no review yet. */
export function RatingBadge({ rating, className }: { rating: PublicOffer['rating']; className?: string }) {
  if (rating.average === null || rating.count === 0) {
    return (
      <Badge variant="accent" className={className} title={offerCard.newHelperLabel}>
        {common.newHelper}
      </Badge>
    );
  }
  const average = formatNumber(rating.average, 1);
  return (
    <span
      role="img"
      className={cn('inline-flex items-center gap-1 text-sm text-ink', className)}
      aria-label={offerCard.ratingLabel(average, rating.count)}
    >
      <Star size={16} className="fill-amber-400 text-amber-500" aria-hidden="true" />
      <span className="font-semibold" aria-hidden="true">
        {average}
      </span>
      <span className="text-ink-muted" aria-hidden="true">
        {offerCard.reviewsCount(rating.count)}
      </span>
    </span>
  );
}

/** Price ("Gratuit" for 0) and duration in minutes, from the offer's first pricing option. */
export function PriceDuration({
  offer,
  className,
}: {
  offer: Pick<PublicOffer, 'price_cents' | 'currency' | 'duration_minutes'>;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-1', className)}>
      <span className="text-lg font-semibold text-ink">{formatMoney(offer.price_cents, offer.currency)}</span>
      <span className="inline-flex items-center gap-1 text-sm text-ink-muted">
        <Clock size={16} aria-hidden="true" />
        <span aria-hidden="true">{common.minutes(offer.duration_minutes)}</span>
        <span className="sr-only">{offerCard.durationLabel(offer.duration_minutes)}</span>
      </span>
    </div>
  );
}

const cardClasses = 'flex h-full flex-col rounded-2xl border border-line bg-white p-5 shadow-soft';

/**
 * Landing page card (spec 1 section 2 "Featured helpers"): the whole card links to /book/{id}; the
 * "Réserver une séance" label looks like a button but is part of the one link (no nested controls).
 */
export function FeaturedOfferCard({ offer }: { offer: PublicOffer }) {
  const name = helperName(offer.helper);
  const hashtag = titleHashtag(offer.title);
  return (
    <Link
      to={paths.book.href(offer.id)}
      className={cn(cardClasses, 'focus-ring group transition-shadow duration-150 hover:shadow-md')}
    >
      <div className="flex items-center gap-3">
        <Avatar name={name} src={offer.helper.avatar_url} />
        <div className="min-w-0">
          <p className="truncate font-semibold text-ink">{name}</p>
          <RatingBadge rating={offer.rating} />
        </div>
      </div>
      <h3 className="mt-4 text-lg leading-snug font-semibold text-ink group-hover:underline">{offer.title}</h3>
      <p className="mt-2 flex-1 text-slate-700">{truncate(offer.description, LANDING_DESCRIPTION_PREVIEW_LENGTH)}</p>
      {hashtag ? <p className="mt-3 text-sm font-medium text-accent-text">{hashtag}</p> : null}
      <PriceDuration offer={offer} className="mt-4" />
      <span className={buttonClasses({ className: 'mt-4 w-full' })} aria-hidden="true">
        {offerCard.bookSession}
      </span>
    </Link>
  );
}

/**
 * The "Envoyer un message" button of an offer, passed in by the page: this feature may not import
 * the messaging feature (the page composes both). `placement` is 'card' for the button of a card,
 * 'profile' for the one next to the helper's name on the profile.
 */
export type RenderMessageAction = (offer: PublicOffer, placement: 'card' | 'profile') => ReactNode;

/**
 * Search page and helper profile card (spec 1 section 2 "Explore"). Logged out, "Réserver" and the
 * message button call `onLoginRequired` (home + login dialog). Logged in, the message button is the
 * page's `renderMessageAction` (the "Envoyer un message" modal) and "Réserver" opens the booking page.
 */
export function ExploreOfferCard({
  offer,
  loggedIn,
  onLoginRequired,
  showHelper = true,
  renderMessageAction,
}: {
  offer: PublicOffer;
  loggedIn: boolean;
  onLoginRequired: () => void;
  showHelper?: boolean;
  renderMessageAction?: RenderMessageAction;
}) {
  const name = helperName(offer.helper);
  const tag = titleTag(offer.title);
  return (
    <article className={cardClasses}>
      {showHelper ? (
        <div className="flex items-center justify-between gap-3">
          <Link
            to={paths.mentor.href(offer.helper_id)}
            className="focus-ring flex min-w-0 items-center gap-3 rounded-xl hover:underline"
          >
            <Avatar name={name} src={offer.helper.avatar_url} />
            <span className="truncate font-semibold text-ink">{name}</span>
          </Link>
          <RatingBadge rating={offer.rating} className="shrink-0" />
        </div>
      ) : null}
      <h3 className={cn('text-lg leading-snug font-semibold text-ink', showHelper && 'mt-4')}>{offer.title}</h3>
      <p className="mt-2 flex-1 text-slate-700">{truncate(offer.description, EXPLORE_DESCRIPTION_PREVIEW_LENGTH)}</p>
      {tag ? (
        <div className="mt-3">
          <Badge variant="neutral">{tag}</Badge>
        </div>
      ) : null}
      <PriceDuration offer={offer} className="mt-4" />
      <div className="mt-4 flex gap-3">
        {loggedIn ? (
          <>
            {renderMessageAction?.(offer, 'card')}
            <ButtonLink
              to={paths.book.href(offer.id)}
              className="flex-1"
              aria-label={offerCard.bookHelper(offer.title)}
            >
              {offerCard.book}
            </ButtonLink>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={onLoginRequired} aria-label={offerCard.messageHelper(name)}>
              <MessageCircle size={20} aria-hidden="true" />
              {offerCard.message}
            </Button>
            <Button className="flex-1" onClick={onLoginRequired} aria-label={offerCard.bookHelper(offer.title)}>
              {offerCard.book}
            </Button>
          </>
        )}
      </div>
    </article>
  );
}

export function OfferCardSkeleton() {
  return (
    <div className={cardClasses} aria-hidden="true">
      <div className="flex items-center gap-3">
        <Skeleton className="h-10 w-10 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-3 w-20" />
        </div>
      </div>
      <Skeleton className="mt-4 h-5 w-3/4" />
      <Skeleton className="mt-3 h-4 w-full" />
      <Skeleton className="mt-2 h-4 w-5/6" />
      <Skeleton className="mt-4 h-6 w-24" />
      <Skeleton className="mt-4 h-11 w-full" />
    </div>
  );
}

/** A grid of card skeletons with one polite "Chargement…" for screen readers. */
export function OfferGridSkeleton({ count, className }: { count: number; className?: string }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{common.loading}</span>
      <div className={className}>
        {Array.from({ length: count }, (_, index) => (
          <OfferCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}
