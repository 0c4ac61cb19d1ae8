import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { booking as bookingMessages, bookingPage } from '#shared/messages/bookings.ts';
import { common } from '#shared/messages/common.ts';
import { dashboard } from '#shared/messages/pages.ts';
import { formatMoney } from '#shared/rules/format.ts';
import { frenchLongParis, frenchLongParisDate } from '#shared/rules/paris-time.ts';
import type { PublicOffer } from '#shared/schemas/offers.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { paths } from '#web/config/paths.ts';
import { errorMessage, isApiError } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useAuthDialog } from '#web/lib/auth-dialog.ts';
import { usePayoutStatus } from '#web/lib/api/get-payout-status.ts';
import { useParisToday } from '#web/lib/use-paris-today.ts';
import { useCreateBooking } from '../api/create-booking.ts';
import { useCreateCheckoutSession } from '../api/create-checkout-session.ts';
import { useFragments } from '../api/get-fragments.ts';
import {
  calendarView,
  fragmentsRangeOfMonth,
  fragmentsToWindows,
  startsByParisDate,
  windowsOfDay,
} from './booking-times.ts';
import { DurationChoice } from './duration-choice.tsx';
import { MonthCalendar, monthOf } from './month-calendar.tsx';
import { StartTimeList } from './start-time-list.tsx';
import { TimeBar } from './time-bar.tsx';

const MINUTE_MS = 60_000;

/**
 * The booking part of /book/{offerId} (spec 1 sections 2, 5 and 7): duration, day, start time, then
 * a free booking (POST /bookings/) or the provider's checkout for a paid one.
 */
export function BookingForm({ offer }: { offer: PublicOffer }) {
  const auth = useAuth();
  const authDialog = useAuthDialog();
  const navigate = useNavigate();
  const options = offer.pricing_options;
  const [optionId, setOptionId] = useState<string | null>(options.length === 1 ? (options[0]?.id ?? null) : null);
  const [chosenDate, setDate] = useState<string | null>(null);
  const [startIso, setStartIso] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitWhenSignedIn, setSubmitWhenSignedIn] = useState(false);
  const today = useParisToday();
  const [chosenMonth, setMonth] = useState(monthOf(today));
  const { month, date } = calendarView(today, { month: chosenMonth, date: chosenDate });

  const option = options.find((candidate) => candidate.id === optionId) ?? null;
  // Without options the offer's own duration and price apply (the API copies the first option there).
  const duration = options.length === 0 ? offer.duration_minutes : (option?.duration_minutes ?? null);
  const priceCents = options.length === 0 ? offer.price_cents : (option?.price_cents ?? null);
  const paid = (priceCents ?? offer.price_cents) > 0;

  // The weeks of the month on screen (the current month also looks a few weeks ahead).
  const range = useMemo(() => fragmentsRangeOfMonth(month, today), [month, today]);
  const fragments = useFragments(offer.helper_id, offer.id, range);
  const payout = usePayoutStatus(offer.helper_id, { enabled: paid });
  const createBooking = useCreateBooking();
  const checkout = useCreateCheckoutSession();

  const windows = useMemo(() => fragmentsToWindows(fragments.data), [fragments.data]);
  // Days are highlighted for the chosen duration, or for the shortest one until a choice is made.
  const calendarDuration = duration ?? Math.min(...options.map((candidate) => candidate.duration_minutes));
  const starts = useMemo(() => startsByParisDate(windows, calendarDuration), [windows, calendarDuration]);
  const availableDates = useMemo(() => new Set(starts.keys()), [starts]);
  const firstAvailable = [...availableDates].sort()[0];

  // Open the calendar on the first day with free time, once.
  useEffect(() => {
    if (date === null && firstAvailable) {
      setDate(firstAvailable);
      setMonth(monthOf(firstAvailable));
    }
  }, [date, firstAvailable]);

  // A start that disappeared (taken meanwhile, or another duration) is no longer a choice.
  const validStart =
    startIso && date && duration !== null && starts.get(date)?.some((start) => start.toISOString() === startIso)
      ? startIso
      : null;
  const session =
    validStart && duration
      ? { start: new Date(validStart), end: new Date(new Date(validStart).getTime() + duration * MINUTE_MS) }
      : null;
  const dayWindows = date ? windowsOfDay(windows, date) : [];

  const isOwnOffer = auth.user?.id === offer.helper_id;
  const chargesEnabled = payout.data?.charges_enabled === true;
  const paymentUnavailable = paid && !payout.isPending && !chargesEnabled;

  const submit = async () => {
    // While a stored session is being checked, the press waits for the answer: handled now, it
    // would ask a member to log in. Presses made before the app started come back here too.
    if (auth.isLoading) {
      setSubmitWhenSignedIn(true);
      return;
    }
    if (!auth.user) {
      setError(bookingMessages.loginRequired);
      authDialog.open('login');
      return;
    }
    if (isOwnOffer) return setError(bookingMessages.ownOffer);
    if (options.length > 0 && !option) return setError(bookingMessages.selectDuration);
    if (!session) return setError(bookingMessages.selectDateTime);
    setError(null);
    const payload = {
      offer_id: offer.id,
      start_at: session.start.toISOString(),
      end_at: session.end.toISOString(),
      pricing_option_id: option?.id ?? null,
    };
    if (!paid) {
      try {
        const created = await createBooking.mutateAsync(payload);
        toast.success(bookingMessages.createdTitle, { description: bookingMessages.createdText });
        await navigate(paths.paymentSuccess.href({ booking_id: created.id, free: true }));
      } catch (failure) {
        toast.error(bookingMessages.createErrorTitle, {
          description: errorMessage(failure, bookingMessages.createError),
        });
        // Someone took this time meanwhile: show what is still free.
        if (isApiError(failure) && failure.status === 409) void fragments.refetch();
      }
      return;
    }
    try {
      const origin = window.location.origin;
      const result = await checkout.mutateAsync({
        ...payload,
        success_url: `${origin}${paths.paymentSuccess.path}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${origin}${paths.paymentCancel.href()}`,
      });
      if (!result.checkout_url) throw new Error(bookingMessages.checkoutUrlMissing);
      window.location.assign(result.checkout_url);
    } catch (failure) {
      const text = isApiError(failure)
        ? errorMessage(failure, bookingPage.paymentErrorDefault)
        : failure instanceof Error && failure.message === bookingMessages.checkoutUrlMissing
          ? failure.message
          : bookingPage.paymentErrorDefault;
      toast.error(bookingMessages.paymentErrorTitle, { description: text });
    }
  };

  // The flag goes once the submission has run: the button stays in its loading state until then.
  const submitNow = useEffectEvent(() => void submit().finally(() => setSubmitWhenSignedIn(false)));
  useEffect(() => {
    if (submitWhenSignedIn && !auth.isLoading) submitNow();
  }, [submitWhenSignedIn, auth.isLoading]);

  const pending = createBooking.isPending || checkout.isPending || submitWhenSignedIn;
  const buttonLabel = paid
    ? paymentUnavailable
      ? bookingMessages.paymentUnavailable
      : bookingPage.bookAndPay
    : bookingPage.book;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Card className="space-y-6">
        {options.length > 1 ? (
          <DurationChoice
            options={options}
            currency={offer.currency}
            value={optionId}
            onChange={(id) => {
              setOptionId(id);
              setError(null);
            }}
          />
        ) : null}

        <section aria-labelledby="calendar-title">
          <h2 id="calendar-title" className="text-lg font-semibold text-ink">
            {bookingPage.calendarTitle}
          </h2>
          <p className="text-sm text-ink-muted">{bookingPage.calendarHint}</p>
          {fragments.isPending ? (
            <Skeleton className="mt-3 h-72" />
          ) : (
            <div className="mt-3 max-w-md">
              {fragments.isError ? (
                <p role="alert" className="mb-3 text-danger">
                  {bookingPage.fragmentsError}
                </p>
              ) : windows.length === 0 && month === monthOf(today) ? (
                <p className="mb-3 rounded-xl bg-slate-50 p-3 text-ink-muted">{bookingPage.noAvailability}</p>
              ) : null}
              <MonthCalendar
                month={month}
                onMonthChange={setMonth}
                availableDates={availableDates}
                selected={date}
                onSelect={(next) => {
                  setDate(next);
                  setStartIso(null);
                  setError(null);
                }}
                today={today}
              />
            </div>
          )}
        </section>

        <section aria-live="polite">
          {!date ? (
            <p className="text-ink-muted">{bookingPage.pickDayFirst}</p>
          ) : duration === null ? (
            <>
              <h2 className="text-lg font-semibold text-ink first-letter:uppercase">
                {bookingPage.timesTitle(frenchLongParisDate(`${date}T12:00:00Z`))}
              </h2>
              <p className="mt-2 text-ink-muted">{bookingPage.pickDurationFirst}</p>
            </>
          ) : (
            <StartTimeList
              windows={windows}
              date={date}
              durationMinutes={duration}
              value={validStart}
              onChange={(iso) => {
                setStartIso(iso);
                setError(null);
              }}
              title={bookingPage.timesTitle(frenchLongParisDate(`${date}T12:00:00Z`))}
            />
          )}
        </section>

        {dayWindows.length > 0 ? <TimeBar windows={dayWindows} session={session} /> : null}
      </Card>

      <aside className="lg:sticky lg:top-6 lg:self-start">
        <Card className="space-y-4">
          <h2 className="text-lg font-semibold text-ink">{bookingPage.summaryTitle}</h2>
          <dl className="space-y-2">
            <div className="flex justify-between gap-4">
              <dt className="text-ink-muted">{bookingPage.priceLabel}</dt>
              <dd className="font-semibold text-ink">
                {priceCents === null ? dashboard.notAvailable : formatMoney(priceCents, offer.currency)}
              </dd>
            </div>
            {duration !== null ? (
              <div className="flex justify-between gap-4">
                <dt className="text-ink-muted">{bookingPage.durationLegend}</dt>
                <dd className="text-ink">{common.minutes(duration)}</dd>
              </div>
            ) : null}
          </dl>
          {session ? (
            <p className="text-ink first-letter:uppercase" data-testid="booking-summary-when">
              {bookingPage.summaryWhen(frenchLongParis(session.start))}
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="rounded-xl bg-danger-soft p-3 text-sm font-medium text-danger">
              {error}
            </p>
          ) : null}
          <Button
            fullWidth
            size="lg"
            onClick={() => void submit()}
            disabled={paymentUnavailable || (paid && payout.isPending)}
            loading={pending}
            loadingLabel={paid ? bookingPage.redirectingToPayment : bookingPage.booking}
          >
            {buttonLabel}
          </Button>
          {!auth.user && !auth.isLoading && !error ? (
            <p className="text-sm text-ink-muted">{bookingMessages.loginRequired}</p>
          ) : null}
        </Card>
      </aside>
    </div>
  );
}
