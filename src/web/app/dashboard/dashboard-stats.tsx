import { CalendarCheck, Euro, MessageCircle, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { dashboard } from '#shared/messages/pages.ts';
import { Card } from '#web/components/ui/card.tsx';

export type DashboardFigures = {
  monthlyRevenue?: ReactNode;
  sessionsCompleted?: ReactNode;
  averageRating?: ReactNode;
  unreadMessages?: ReactNode;
};

function Figure({ label, value, icon }: { label: string; value: ReactNode; icon: ReactNode }) {
  return (
    <Card className="flex items-center gap-4 p-4 sm:p-5">
      <span
        className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent-text"
        aria-hidden="true"
      >
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-sm text-ink-muted">{label}</p>
        <p className="text-2xl font-semibold text-ink">{value ?? dashboard.notAvailable}</p>
      </div>
    </Card>
  );
}

/**
 * The four overview figures. A missing value shows "—": pass the real figures (DESIGN.md section 8:
 * revenue this month, sessions completed and average rating come from the data; unread is live).
 */
export function DashboardStats({ figures, showRevenue }: { figures: DashboardFigures; showRevenue: boolean }) {
  return (
    <section aria-label={dashboard.statsTitle} className="grid gap-4 sm:grid-cols-2">
      {showRevenue ? (
        <Figure label={dashboard.monthlyRevenue} value={figures.monthlyRevenue} icon={<Euro size={20} />} />
      ) : null}
      <Figure
        label={dashboard.sessionsCompleted}
        value={figures.sessionsCompleted}
        icon={<CalendarCheck size={20} />}
      />
      <Figure label={dashboard.averageRating} value={figures.averageRating} icon={<Star size={20} />} />
      <Figure label={dashboard.unreadMessages} value={figures.unreadMessages} icon={<MessageCircle size={20} />} />
    </section>
  );
}
