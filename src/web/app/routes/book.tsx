import { Link, useParams } from 'react-router';
import { bookingPage } from '#shared/messages/bookings.ts';
import { nav, pageTitles } from '#shared/messages/common.ts';
import { offers } from '#shared/messages/offers.ts';
import { formatMoney } from '#shared/rules/format.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { ButtonLink } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { PageSkeleton } from '#web/components/ui/skeleton.tsx';
import { paths } from '#web/config/paths.ts';
import { isApiError } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useBookings } from '#web/features/booking/api/get-bookings.ts';
import { useOffer } from '#web/features/booking/api/get-offer.ts';
import { BookingForm } from '#web/features/booking/components/booking-form.tsx';
import { ContactCard } from '#web/features/booking/components/contact-card.tsx';
import { SendMessageButton } from '#web/features/messaging/components/send-message-dialog.tsx';
import { ReportButton } from '#web/features/reports/components/report-dialog.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { loadQuery, notFoundLoad, pageUrl, type PageLoad } from '#web/lib/page-load.ts';
import { categories } from '#shared/messages/offers.ts';
import { seo } from '#shared/messages/seo.ts';
import { metaDescription, offerJsonLd } from '#shared/rules/seo.ts';
import { offerQueryOptions } from '#web/features/booking/api/get-offer.ts';
import { publicName } from '#shared/rules/format.ts';
import { parisToday } from '#shared/rules/paris-time.ts';
import { fragmentsQueryOptions } from '#web/features/booking/api/get-fragments.ts';
import { fragmentsRangeOfMonth } from '#web/features/booking/components/booking-times.ts';
import { monthOf } from '#web/features/booking/components/month-calendar.tsx';
import { payoutStatusQueryOptions } from '#web/lib/api/get-payout-status.ts';

/**
 * Server rendering (issue 11 section 2): the offer as a visitor reads it, a `Service` with its
 * prices in JSON-LD; an unknown or hidden offer answers 404. The free windows of the month the form
 * opens on, and for a paid offer whether its helper takes card payments, come with the page too: the
 * calendar is readable without JavaScript and hydration asks for nothing (the form refetches the
 * windows every 15 s all the same). A failure there leaves the page to the browser (prefetchQuery
 * keeps the error in the cache: the browser renders afresh and asks again).
 */
export const ssr: PageLoad = async (context) => {
  const offer = await loadQuery(context.queryClient, offerQueryOptions(context.params.offerId ?? ''));
  if (!offer) return notFoundLoad();
  const today = parisToday(new Date());
  const paid = offer.price_cents > 0 || offer.pricing_options.some((option) => option.price_cents > 0);
  await Promise.all([
    context.queryClient.prefetchQuery(
      fragmentsQueryOptions(offer.helper_id, offer.id, fragmentsRangeOfMonth(monthOf(today), today)),
    ),
    paid ? context.queryClient.prefetchQuery(payoutStatusQueryOptions(offer.helper_id)) : undefined,
  ]);
  const helperName = publicName(offer.helper);
  const path = paths.book.href(offer.id);
  const urls = { page: pageUrl(context, path), helper: pageUrl(context, paths.mentor.href(offer.helper_id)) };
  return {
    status: 200,
    head: {
      title: pageTitles.bookOffer(offer.title),
      description: metaDescription(offer.description) || seo.offerFallback(helperName),
      canonicalPath: path,
      ogType: 'product',
      image: offer.helper.avatar_url,
      jsonLd: [offerJsonLd(offer, urls, helperName, categories[offer.category])],
    },
  };
};

/** /book/{offerId}: the public booking page (spec 1 section 2 "Booking page"). */
export default function BookPage() {
  const { offerId = '' } = useParams();
  const auth = useAuth();
  const query = useOffer(offerId);
  useDocumentTitle(query.data ? pageTitles.bookOffer(query.data.title) : pageTitles.book);
  const bookings = useBookings({ enabled: auth.user !== null });

  if (query.isPending) return <PageSkeleton />;
  if (query.isError) {
    const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 422);
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-16 sm:px-6">
        <EmptyState
          title={missing ? offers.notFound : bookingPage.loadError}
          description={missing ? offers.loadNotFound : undefined}
          action={<ButtonLink to={paths.search.href()}>{nav.findHelp}</ButtonLink>}
        />
      </div>
    );
  }

  const offer = query.data;
  const helperName = publicName(offer.helper);
  // One figure per distinct price: two free durations read "Gratuit", not "Gratuit · Gratuit".
  const prices =
    offer.pricing_options.length > 0 ? offer.pricing_options.map((option) => option.price_cents) : [offer.price_cents];
  const priceText = [...new Set(prices)].map((cents) => formatMoney(cents, offer.currency)).join(' · ');
  // Ask for the contact information only when the server will release it (its helper, an admin, or a
  // seeker holding a scheduled or paid booking of it): anyone else would only earn a 403.
  const me = auth.user;
  const mayReadContact =
    me !== null &&
    (me.id === offer.helper_id ||
      auth.isAdmin ||
      (bookings.data ?? []).some(
        (booking) =>
          booking.offer_id === offer.id &&
          booking.user_id === me.id &&
          (booking.status === 'scheduled' || booking.status === 'paid'),
      ));

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <Card className="mb-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h1 className="text-3xl font-semibold break-words text-ink">{offer.title}</h1>
            <Link
              to={paths.mentor.href(offer.helper_id)}
              className="focus-ring mt-3 inline-flex items-center gap-3 rounded-xl text-ink hover:underline"
            >
              <Avatar name={helperName} src={offer.helper.avatar_url} size="sm" />
              <span>{bookingPage.withHelper(helperName)}</span>
            </Link>
            {/* Spec 2 section 2: the "send a message" modal on an offer (hidden on one's own). */}
            <div className="flex flex-wrap items-center gap-x-3">
              <SendMessageButton offer={offer} helperName={helperName} className="mt-4" />
              {/* Issue 13 section 1: anyone but its helper may report the offer (a visitor is asked to log in). */}
              {me?.id === offer.helper_id ? null : (
                <ReportButton target={{ type: 'offer', id: offer.id }} className="mt-4" />
              )}
            </div>
          </div>
          <p className="shrink-0 text-2xl font-semibold text-ink">{priceText}</p>
        </div>
        <p className="mt-4 whitespace-pre-line text-slate-700">{offer.description}</p>
      </Card>

      <BookingForm offer={offer} />

      <ContactCard offerId={offer.id} enabled={mayReadContact} className="mt-6" />
    </div>
  );
}
