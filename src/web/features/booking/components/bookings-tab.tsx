import { CalendarDays } from 'lucide-react';
import { bookingsTab } from '#shared/messages.ts';
import { ButtonLink } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { paths } from '#web/config/paths.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useBookings } from '../api/get-bookings.ts';
import { BookingCard } from './booking-card.tsx';

/** Dashboard tab "Réservations" (spec 1 section 2): own bookings and received ones, polled every 30 s. */
export default function BookingsTab() {
  const { user, isHelper } = useAuth();
  const query = useBookings();
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
  return (
    <section aria-labelledby="bookings-title">
      <h2 id="bookings-title" className="sr-only">
        {bookingsTab.title}
      </h2>
      <ul className="space-y-4" aria-label={bookingsTab.listLabel}>
        {query.data.map((booking) => (
          <li key={booking.id}>
            <BookingCard booking={booking} userId={user.id} now={now} />
          </li>
        ))}
      </ul>
    </section>
  );
}
