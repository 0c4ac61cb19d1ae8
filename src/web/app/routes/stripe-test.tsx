import { CreditCard, UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  TEST_CHECKOUT_DEFAULT_AMOUNT_CENTS,
  TEST_CHECKOUT_DEFAULT_FEE_CENTS,
  TEST_CHECKOUT_RETURN_PARAM,
} from '#shared/constants.ts';
import { paymentPageTitles, stripeTest } from '#shared/messages/payments-web.ts';
import { formatMoney } from '#shared/rules/format.ts';
import { AccessDenied } from '#web/components/layout/dashboard-shell.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PageSkeleton } from '#web/components/ui/skeleton.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { getAuthToken } from '#web/lib/auth-token.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { onboardingTestUrl, useCreateTestCheckout } from '#web/features/payments/api/test-checkout.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { redirectTo } from '#web/lib/redirect.ts';

const isCents = (value: number) => Number.isInteger(value) && value >= 0;

/**
 * /stripe-test (spec 2 section 2): administrators try the provider's onboarding and a test checkout
 * with an amount and a commission (defaults 5000 and 1000 cents). The server refuses the test calls
 * outside simulator mode or Stripe test keys; the page shows its French error then.
 */
export default function StripeTestPage() {
  useDocumentTitle(paymentPageTitles.stripeTest);
  const { user, isAdmin, isLoading } = useAuth();
  const checkout = useCreateTestCheckout();
  const [amount, setAmount] = useState(String(TEST_CHECKOUT_DEFAULT_AMOUNT_CENTS));
  const [fee, setFee] = useState(String(TEST_CHECKOUT_DEFAULT_FEE_CENTS));
  const [errors, setErrors] = useState<{ amount?: string; fee?: string }>({});
  const returned = useSearchParams()[0].get(TEST_CHECKOUT_RETURN_PARAM);

  if (isLoading) return <PageSkeleton />;
  if (!user || !isAdmin) return <AccessDenied text={stripeTest.adminOnly} />;

  const onboard = () => {
    const token = getAuthToken();
    if (!token) {
      toast.error(stripeTest.onboardError);
      return;
    }
    // The spec's onboarding call is a redirect carrying the token in the address: the browser follows it.
    redirectTo(onboardingTestUrl(user.id, token));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amountCents = Number(amount);
    const feeCents = Number(fee);
    const next: { amount?: string; fee?: string } = {};
    if (amount.trim() === '' || !isCents(amountCents) || amountCents === 0) next.amount = stripeTest.amountInvalid;
    if (fee.trim() === '' || !isCents(feeCents) || (!next.amount && feeCents >= amountCents))
      next.fee = stripeTest.feeInvalid;
    setErrors(next);
    if (next.amount || next.fee) return;
    try {
      const result = await checkout.mutateAsync({ userId: user.id, amount: amountCents, fee: feeCents });
      if (!result.checkout_url) {
        toast.error(stripeTest.checkoutError, { description: stripeTest.checkoutUrlMissing });
        return;
      }
      redirectTo(result.checkout_url);
    } catch (failure) {
      toast.error(stripeTest.checkoutError, { description: errorMessage(failure, stripeTest.checkoutError) });
    }
  };

  const preview = isCents(Number(amount)) ? formatMoney(Number(amount)) : null;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-3xl font-semibold text-ink">{stripeTest.title}</h1>
        <p className="mt-2 text-ink-muted">{stripeTest.intro}</p>
      </div>
      {returned === 'paid' || returned === 'cancelled' ? (
        <p role="status" className="rounded-xl bg-emerald-50 px-4 py-3 text-emerald-900">
          {returned === 'paid' ? stripeTest.returnedPaid : stripeTest.returnedCancelled}
        </p>
      ) : null}
      <Card>
        <CardTitle>{stripeTest.onboardingTitle}</CardTitle>
        <p className="mt-2 text-slate-700">{stripeTest.onboardingText}</p>
        <Button className="mt-4" onClick={onboard}>
          <UserPlus size={20} aria-hidden="true" />
          {stripeTest.onboard}
        </Button>
      </Card>
      <Card>
        <CardTitle>{stripeTest.checkoutTitle}</CardTitle>
        <form className="mt-4 space-y-4" onSubmit={(event) => void submit(event)} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={stripeTest.amountLabel} error={errors.amount} hint={preview}>
              <Input inputMode="numeric" value={amount} onChange={(event) => setAmount(event.target.value)} />
            </FormField>
            <FormField label={stripeTest.feeLabel} error={errors.fee}>
              <Input inputMode="numeric" value={fee} onChange={(event) => setFee(event.target.value)} />
            </FormField>
          </div>
          <Button type="submit" loading={checkout.isPending} loadingLabel={stripeTest.paying}>
            <CreditCard size={20} aria-hidden="true" />
            {stripeTest.pay}
          </Button>
        </form>
      </Card>
    </div>
  );
}
