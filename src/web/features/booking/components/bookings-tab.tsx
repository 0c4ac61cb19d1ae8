import { useCallback, useState } from 'react';
import { CalendarDays } from 'lucide-react';
import { bookingsTab } from '#shared/messages/bookings.ts';
import { bookingGroup, type BookingGroup } from '#shared/rules/booking-status.ts';
import type { Booking } from '#shared/schemas/bookings.ts';
import { ButtonLink } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { paths } from '#web/config/paths.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useBookings } from '../api/get-bookings.ts';
import { BookingCard } from './booking-card.tsx';

/** The booking just cancelled here, whose card in the cancelled list takes the focus (BookingCard). */
type MovedFocus = { id: string | null; set: (id: string) => void; clear: () => void };

const GROUPS: ReadonlyArray<{ group: BookingGroup; title: string; empty: string }> = [
  { group: 'upcoming', title: bookingsTab.upcomingTitle, empty: bookingsTab.upcomingEmpty },
  { group: 'past', title: bookingsTab.pastTitle, empty: bookingsTab.pastEmpty },
  { group: 'cancelled', title: bookingsTab.cancelledTitle, empty: bookingsTab.cancelledEmpty },
];

/**
 * One titled list of cards, in the order the server gave (it sorts by date: see GET /bookings/), or
 * its empty line: the three lists always show, so a person sees where a booking would be.
 */
function BookingList({
  id,
  title,
  empty,
  bookings,
  userId,
  now,
  focus,
}: {
  id: string;
  title: string;
  empty: string;
  bookings: Booking[];
  userId: string;
  now: Date;
  focus: MovedFocus;
}) {
  return (
    <section aria-labelledby={id} className="space-y-4" data-testid={id}>
      <h3 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h3>
      {bookings.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-4 text-ink-muted">{empty}</p>
      ) : (
        <ul className="space-y-4">
          {bookings.map((booking) => (
            <li key={booking.id}>
              <BookingCard
                booking={booking}
                userId={userId}
                now={now}
                onCancelled={() => focus.set(booking.id)}
                focusTitle={focus.id === booking.id}
                onTitleFocused={focus.clear}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Dashboard tab "Réservations" (spec 1 section 2): own bookings and received ones, polled every 30 s.
 * Upcoming sessions (not ended yet) soonest first, then past ones latest first, then the cancelled
 * ones and the checkouts left unpaid, apart (rules/booking-status.ts bookingGroup).
 */
export default function BookingsTab() {
  const { user, isHelper } = useAuth();
  const query = useBookings();
  const [movedId, setMovedId] = useState<string | null>(null);
  const clearMoved = useCallback(() => setMovedId(null), []);
  if (!user) return null;
  if (query.isPending) {
    return (
      <div className="space-y-4" role="status" aria-label={bookingsTab.title}>
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="rounded-xl bg-danger-soft p-4 text-danger">
        {bookingsTab.loadError}
      </p>
    );
  }
  if (query.data.length === 0) {
    // A helper's list holds the bookings received: sending them to search would be the wrong next step.
    if (isHelper) {
      return (
        <EmptyState
          icon={<CalendarDays size={22} />}
          title={bookingsTab.helperEmptyTitle}
          description={bookingsTab.helperEmptyText}
          action={<ButtonLink to={paths.manageAvailability.href()}>{bookingsTab.helperEmptyAction}</ButtonLink>}
        />
      );
    }
    return (
      <EmptyState
        icon={<CalendarDays size={22} />}
        title={bookingsTab.emptyTitle}
        description={bookingsTab.emptyText}
        action={<ButtonLink to={paths.search.href()}>{bookingsTab.emptyAction}</ButtonLink>}
      />
    );
  }
  const now = new Date(query.dataUpdatedAt || Date.now());
  const groupOf = (booking: Booking) =>
    bookingGroup(
      {
        status: booking.status,
        endAt: new Date(booking.end_at),
        holdExpiresAt: booking.hold_expires_at ? new Date(booking.hold_expires_at) : null,
      },
      now,
    );
  return (
    <section aria-labelledby="bookings-title" className="space-y-8">
      <h2 id="bookings-title" className="sr-only">
        {bookingsTab.title}
      </h2>
      {GROUPS.map(({ group, title, empty }) => (
        <BookingList
          key={group}
          id={`bookings-${group}`}
          title={title}
          empty={empty}
          bookings={query.data.filter((booking) => groupOf(booking) === group)}
          userId={user.id}
          now={now}
          focus={{ id: movedId, set: setMovedId, clear: clearMoved }}
        />
      ))}
    </section>
  );
}
