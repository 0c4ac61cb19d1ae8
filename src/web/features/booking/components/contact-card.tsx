import { Check, Copy, Link2, Lock, Phone } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { COPIED_INDICATOR_MS } from '#shared/constants.ts';
import { bookingPage } from '#shared/messages/bookings.ts';
import { offers } from '#shared/messages/offers.ts';
import { contactKind } from '#shared/rules/contact-info.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { usePrivateOffer } from '#web/lib/api/get-private-offer.ts';

function ContactValue({ value }: { value: string }) {
  const kind = contactKind(value);
  if (kind === 'phone') {
    return (
      <a href={`tel:${value.replace(/[^\d+]/g, '')}`} className="font-semibold break-all text-accent-text underline">
        {value}
      </a>
    );
  }
  if (kind === 'link') {
    return (
      <a
        href={value}
        target="_blank"
        rel="noopener noreferrer"
        className="font-semibold break-all text-accent-text underline"
      >
        {value}
      </a>
    );
  }
  return <span className="font-semibold break-all text-ink">{value}</span>;
}

/** Copies to the clipboard; "Copié" for 2 s (spec 2 section 9), the spec's message on failure. */
function CopyButton({ value }: { value: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = async () => {
    window.clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
      timer.current = window.setTimeout(() => setState('idle'), COPIED_INDICATOR_MS);
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <Button variant="outline" size="sm" onClick={() => void copy()} aria-label={bookingPage.copyLabel}>
        {state === 'copied' ? <Check size={18} aria-hidden="true" /> : <Copy size={18} aria-hidden="true" />}
        {state === 'copied' ? bookingPage.copied : bookingPage.copy}
      </Button>
      <span role="status" className={cn('text-sm', state === 'failed' ? 'text-danger' : 'sr-only')}>
        {state === 'copied' ? bookingPage.copied : state === 'failed' ? bookingPage.copyError : ''}
      </span>
    </div>
  );
}

/**
 * The session's contact information (spec 2 section 2): released by GET /offers/{id}/private once
 * the seeker holds a scheduled or paid booking; a 403 before that says when it will be available.
 * `enabled=false` (a visitor) shows that sentence without asking.
 */
export function ContactCard({
  offerId,
  enabled = true,
  className,
}: {
  offerId: string;
  enabled?: boolean;
  className?: string;
}) {
  const query = usePrivateOffer(offerId, { enabled });
  let body;
  if (!enabled) {
    body = (
      <p className="flex items-start gap-2 text-ink-muted">
        <Lock size={20} aria-hidden="true" className="mt-0.5 shrink-0" />
        {offers.contactAfterBooking}
      </p>
    );
  } else if (query.isPending) {
    body = <Skeleton className="h-6 w-56" />;
  } else if (query.isError) {
    const withheld = isApiError(query.error) && query.error.status === 403;
    body = (
      <p className="flex items-start gap-2 text-ink-muted">
        <Lock size={20} aria-hidden="true" className="mt-0.5 shrink-0" />
        {withheld ? offers.contactAfterBooking : offers.contactLoadUnavailable}
      </p>
    );
  } else {
    const value = query.data.meeting_contact_info;
    const kind = contactKind(value);
    body = (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-start gap-2">
          {kind === 'link' ? (
            <Link2 size={20} aria-hidden="true" className="mt-0.5 shrink-0 text-accent-text" />
          ) : (
            <Phone size={20} aria-hidden="true" className="mt-0.5 shrink-0 text-accent-text" />
          )}
          <div className="min-w-0">
            <p className="text-sm text-ink-muted">
              {kind === 'phone'
                ? bookingPage.contactPhone
                : kind === 'link'
                  ? bookingPage.contactLink
                  : bookingPage.contactOther}
            </p>
            <ContactValue value={value} />
          </div>
        </div>
        <CopyButton value={value} />
      </div>
    );
  }
  // A headed block, not a named region: the bookings tab shows one per scheduled booking, and a
  // landmark repeated under one name is noise for screen-reader landmark navigation.
  return (
    <div className={cn('rounded-xl border border-line bg-slate-50 p-4', className)}>
      <h3 className="mb-2 text-base font-semibold text-ink">{bookingPage.contactTitle}</h3>
      {body}
    </div>
  );
}
