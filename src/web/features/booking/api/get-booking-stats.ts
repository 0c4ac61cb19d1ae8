import { queryOptions, useQuery } from '@tanstack/react-query';
import { overviewFigures } from '#shared/messages/bookings.ts';
import { common } from '#shared/messages/common.ts';
import { formatAmount, formatNumber } from '#shared/rules/format.ts';
import { BookingStatsSchema, type BookingStats } from '#shared/schemas/bookings.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /bookings/stats: the overview figures, computed by the server from the data. */
export function getBookingStats(signal?: AbortSignal): Promise<BookingStats> {
  return api.get('/bookings/stats', { schema: BookingStatsSchema, signal });
}

export const bookingStatsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.bookings.stats(), queryFn: ({ signal }) => getBookingStats(signal) });

export function useBookingStats() {
  return useQuery(bookingStatsQueryOptions());
}

/** The overview cards' texts: revenue in fr-FR euros (0 shows "0,00 €"), rating or "Nouveau". */
export function statsFigures(stats: BookingStats): {
  monthlyRevenue: string;
  sessionsCompleted: string;
  averageRating: string;
} {
  return {
    monthlyRevenue: formatAmount(stats.revenue_this_month_cents),
    sessionsCompleted: String(stats.sessions_completed),
    averageRating:
      stats.average_rating === null
        ? common.newHelper
        : overviewFigures.rating(formatNumber(stats.average_rating, 1), stats.review_count),
  };
}
