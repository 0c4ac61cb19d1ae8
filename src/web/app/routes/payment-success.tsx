import { CalendarCheck, CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { bookingPage, bookingsTab, paymentReturn, paymentSuccess } from '#shared/messages/bookings.ts';
import { common, pageTitles } from '#shared/messages/common.ts';
import { formatMoney } from '#shared/rules/format.ts';
import { frenchLongParis } from '#shared/rules/paris-time.ts';
import { ButtonLink } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { paths } from '#web/config/paths.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useBooking } from '#web/features/booking/api/get-booking.ts';
import { BookingStatusBadge } from '#web/features/booking/components/status-badge.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/** The booking's summary when the page knows it (free bookings carry booking_id). */
function BookingSummary({ bookingId }: { bookingId: string }) {
  const { user } = useAuth();
  const query = useBooking(bookingId, user !== null);
  if (!user || query.isError) return null;
  if (query.isPending) return <Skeleton className="h-28" />;
  const booking = query.data;
  const helperName = booking.helper.display_name ?? booking.helper.username ?? bookingsTab.someone;
  return (
    <Card>
      <h2 className="text-lg font-semibold text-ink">{paymentSuccess.summaryTitle}</h2>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <p className="font-semibold text-ink">{booking.offer.title}</p>
          <p className="text-ink-muted">{bookingPage.withHelper(helperName)}</p>
          <p className="mt-1 text-ink first-letter:uppercase">{bookingsTab.when(frenchLongParis(booking.start_at))}</p>
          <p className="text-sm text-ink-muted">
            {common.minutes(booking.duration_minutes)} · {formatMoney(booking.price_cents, booking.currency)}
          </p>
        </div>
        <BookingStatusBadge status={booking.status} />
      </div>
    </Card>
  );
}

/**
 * /payment/success?booking_id=…&free=true or ?session_id=… (spec 2 section 2 "Payment return pages"):
 * a confirmation toast, next steps and the way to the bookings (support and messages come with their
 * issues: no link to a page that does not exist yet); with neither parameter, an error toast and
 * the bookings tab.
 */
export default function PaymentSuccessPage() {
  useDocumentTitle(pageTitles.paymentSuccess);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const bookingId = params.get('booking_id');
  const sessionId = params.get('session_id');
  const free = params.get('free') === 'true';
  const valid = Boolean(bookingId || sessionId);
  // StrictMode runs effects twice in development; one toast per visit.
  const announced = useRef(false);

  useEffect(() => {
    if (announced.current) return;
    announced.current = true;
    if (!valid) {
      toast.error(paymentReturn.confirmationError);
      void navigate(paths.dashboard.href('bookings'), { replace: true });
      return;
    }
    toast.success(free ? paymentReturn.freeConfirmed : paymentReturn.paidConfirmed);
  }, [valid, free, navigate]);

  if (!valid) return null;

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-10 sm:px-6">
      <div className="text-center">
        <span
          className="inline-flex h-16 w-16 items-center justify-center rounded-full bg-success-soft text-success"
          aria-hidden="true"
        >
          <CheckCircle2 size={36} />
        </span>
        <h1 className="mt-4 text-3xl font-semibold text-ink">
          {free ? paymentSuccess.freeTitle : paymentSuccess.paidTitle}
        </h1>
        <p className="mx-auto mt-2 max-w-xl text-ink-muted">{paymentSuccess.intro}</p>
      </div>

      {bookingId ? <BookingSummary bookingId={bookingId} /> : null}

      <Card>
        <h2 className="text-lg font-semibold text-ink">{paymentSuccess.nextStepsTitle}</h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700">
          {paymentSuccess.nextSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </Card>

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center">
        <ButtonLink to={paths.dashboard.href('bookings')}>
          <CalendarCheck size={20} aria-hidden="true" />
          {paymentSuccess.goBookings}
        </ButtonLink>
      </div>
    </div>
  );
}
