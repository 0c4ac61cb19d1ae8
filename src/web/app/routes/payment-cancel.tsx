import { ArrowLeft, LayoutDashboard, LifeBuoy, Search, XCircle } from 'lucide-react';
import { useNavigate } from 'react-router';
import { PAYMENT_HOLD_MINUTES } from '#shared/constants.ts';
import { paymentCancel, paymentPageTitles } from '#shared/messages/payments-web.ts';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/**
 * /payment/cancel (spec 2 section 2): the person left the provider's checkout. Nothing was charged and
 * the booking stays pending payment while its hold lasts (the bookings tab offers to resume). Buttons:
 * back, /explore, /dashboard (bookings tab) and /support.
 */
export default function PaymentCancelPage() {
  useDocumentTitle(paymentPageTitles.paymentCancel);
  const navigate = useNavigate();
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 px-4 py-10 text-center sm:px-6">
      <span
        className="inline-flex h-16 w-16 items-center justify-center rounded-full bg-warning-soft text-warning"
        aria-hidden="true"
      >
        <XCircle size={36} />
      </span>
      <h1 className="text-3xl font-semibold text-ink">{paymentCancel.title}</h1>
      <p className="text-lg text-slate-700">{paymentCancel.text}</p>
      <p className="text-ink-muted">{paymentCancel.holdText(PAYMENT_HOLD_MINUTES)}</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center">
        <Button variant="outline" onClick={() => void navigate(-1)}>
          <ArrowLeft size={20} aria-hidden="true" />
          {paymentCancel.back}
        </Button>
        <ButtonLink to={paths.explore.href()} variant="outline">
          <Search size={20} aria-hidden="true" />
          {paymentCancel.explore}
        </ButtonLink>
        {/* The bookings tab, not the overview: that is where the text above sends the person to resume. */}
        <ButtonLink to={paths.dashboard.href('bookings')}>
          <LayoutDashboard size={20} aria-hidden="true" />
          {paymentCancel.dashboard}
        </ButtonLink>
        <ButtonLink to={paths.support.href()} variant="outline">
          <LifeBuoy size={20} aria-hidden="true" />
          {paymentCancel.support}
        </ButtonLink>
      </div>
    </div>
  );
}
