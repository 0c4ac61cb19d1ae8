import { CalendarCheck, CheckCircle2, Clock, LifeBuoy, MessageCircle, XCircle } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { PAYMENT_CONFIRMATION_POLL_MS, PAYMENT_CONFIRMATION_WAIT_MS } from '#shared/constants.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { bookingPage, bookingsTab, paymentReturn, paymentSuccess } from '#shared/messages/bookings.ts';
import { common, pageTitles } from '#shared/messages/common.ts';
import { paymentConfirmation, paymentPageTitles } from '#shared/messages/payments-web.ts';
import { isUnfinishedCheckout } from '#shared/rules/booking-status.ts';
import { formatMoney } from '#shared/rules/format.ts';
import { frenchLongParis } from '#shared/rules/paris-time.ts';
import { ButtonLink } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { paths } from '#web/config/paths.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useBooking } from '#web/features/booking/api/get-booking.ts';
import {
  isAwaitingConfirmation,
  useCheckoutSessionStatus,
} from '#web/features/payments/api/get-checkout-session-status.ts';
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
        <BookingStatusBadge
          status={booking.status}
          paymentNotCompleted={isUnfinishedCheckout({ status: booking.status, cancelledBy: booking.cancelled_by })}
        />
      </div>
    </Card>
  );
}

/** Spec 2 section 2: buttons to the bookings, the conversations and /support, whatever the outcome. */
function BookingsButton() {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center">
      <ButtonLink to={paths.dashboard.href('bookings')}>
        <CalendarCheck size={20} aria-hidden="true" />
        {paymentSuccess.goBookings}
      </ButtonLink>
      <ButtonLink to={paths.dashboard.href('conversations')} variant="outline">
        <MessageCircle size={20} aria-hidden="true" />
        {paymentSuccess.goConversations}
      </ButtonLink>
      <ButtonLink to={paths.support.href()} variant="outline">
        <LifeBuoy size={20} aria-hidden="true" />
        {paymentSuccess.goSupport}
      </ButtonLink>
    </div>
  );
}

function Heading({ icon, tone, title, text }: { icon: ReactNode; tone: string; title: string; text: string }) {
  return (
    <div className="text-center">
      <span className={`inline-flex h-16 w-16 items-center justify-center rounded-full ${tone}`} aria-hidden="true">
        {icon}
      </span>
      <h1 className="mt-4 text-3xl font-semibold text-ink">{title}</h1>
      <p className="mx-auto mt-2 max-w-xl text-ink-muted">{text}</p>
    </div>
  );
}

/** The confirmed page: the title, the booking, the next steps and the way to the bookings. */
function Confirmed({ free, bookingId }: { free: boolean; bookingId: string | null }) {
  return (
    <>
      <Heading
        icon={<CheckCircle2 size={36} />}
        tone="bg-success-soft text-success"
        title={free ? paymentSuccess.freeTitle : paymentSuccess.paidTitle}
        text={paymentSuccess.intro}
      />
      {bookingId ? <BookingSummary bookingId={bookingId} /> : null}
      <Card>
        <h2 className="text-lg font-semibold text-ink">{paymentSuccess.nextStepsTitle}</h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700">
          {paymentSuccess.nextSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </Card>
      <BookingsButton />
    </>
  );
}

/**
 * A paid booking's return (?session_id=…): the provider sends the person back before its webhook may
 * have reached us, so the page asks the server and says "Paiement effectué avec succès !" only once the
 * booking is paid; until then "Confirmation en cours…", asked again every 2 s for 30 s, after which it
 * says the bookings tab will show the outcome (the webhook is retried, never lost).
 */
function PaidConfirmation({ sessionId }: { sessionId: string }) {
  useDocumentTitle(paymentPageTitles.paymentPending);
  const { user, isLoading } = useAuth();
  const [waiting, setWaiting] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setWaiting(false), PAYMENT_CONFIRMATION_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const query = useCheckoutSessionStatus(sessionId, {
    enabled: user !== null,
    polling: waiting,
    intervalMs: PAYMENT_CONFIRMATION_POLL_MS,
  });
  const status = query.data;
  const confirmed = status !== undefined && (status.booking_status === 'paid' || status.booking_status === 'completed');
  // "Failed" only on the server's word that the session ended unpaid. When the server cannot be asked
  // (an error, a session it does not know, nobody signed in), the person may still have paid: the page
  // says so instead of "nothing was charged".
  const failed = status !== undefined && !confirmed && !isAwaitingConfirmation(status);
  const unknown = query.isError || (!isLoading && user === null);
  const outcome = confirmed ? 'confirmed' : failed ? 'failed' : unknown ? 'unknown' : 'pending';

  // One toast per outcome (StrictMode runs effects twice in development).
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (outcome === 'pending' || announced.current === outcome) return;
    announced.current = outcome;
    if (outcome === 'confirmed') toast.success(paymentReturn.paidConfirmed);
    else toast.error(paymentReturn.confirmationFailed);
  }, [outcome]);

  if (outcome === 'confirmed') return <Confirmed free={false} bookingId={status?.booking_id ?? null} />;
  if (outcome === 'failed' || outcome === 'unknown') {
    return (
      <>
        <div role="alert">
          <Heading
            icon={<XCircle size={36} />}
            tone="bg-danger-soft text-danger"
            title={paymentReturn.confirmationFailed}
            text={outcome === 'failed' ? paymentConfirmation.failedText : paymentConfirmation.unknownText}
          />
        </div>
        <BookingsButton />
      </>
    );
  }
  return (
    <>
      <div role="status">
        <Heading
          icon={<Clock size={36} />}
          tone="bg-accent-soft text-accent-text"
          title={paymentConfirmation.pendingTitle}
          text={waiting ? paymentConfirmation.pendingText : paymentConfirmation.slowText}
        />
      </div>
      <BookingsButton />
    </>
  );
}

/**
 * /payment/success?booking_id=…&free=true or ?session_id=… (spec 2 section 2 "Payment return pages"):
 * a confirmation toast, next steps and the ways to the bookings, the conversations and the support
 * page; with neither parameter, an error toast and
 * the bookings tab. A paid booking (session_id) is confirmed by the server first: PaidConfirmation.
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
    // The paid variant announces itself once the server has confirmed the payment.
    if (!sessionId) toast.success(free ? paymentReturn.freeConfirmed : paymentReturn.paidConfirmed);
  }, [valid, free, sessionId, navigate]);

  if (!valid) return null;

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-10 sm:px-6">
      {sessionId ? <PaidConfirmation sessionId={sessionId} /> : <Confirmed free={free} bookingId={bookingId} />}
    </div>
  );
}
