import { ExternalLink, Landmark } from 'lucide-react';
import { payoutPanel } from '#shared/messages/payments-web.ts';
import { payoutState, type PayoutState } from '#shared/rules/payout-state.ts';
import type { AccountStatus } from '#shared/schemas/payments.ts';
import { Badge, type BadgeVariant } from '#web/components/ui/badge.tsx';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { Card, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useCreateAccount } from '../api/create-account.ts';
import { useAccountStatus } from '../api/get-account-status.ts';
import { FinancialDashboard } from './financial-dashboard.tsx';
import { useOpenProviderDashboard } from './open-provider-dashboard.ts';
import { redirectTo } from '#web/lib/redirect.ts';

const DISPLAY: Record<Exclude<PayoutState, 'loading'>, { label: string; text: string; variant: BadgeVariant }> = {
  none: { label: payoutPanel.stateNone, text: payoutPanel.noneText, variant: 'neutral' },
  incomplete: { label: payoutPanel.stateIncomplete, text: payoutPanel.incompleteText, variant: 'warning' },
  pending: { label: payoutPanel.statePending, text: payoutPanel.pendingText, variant: 'accent' },
  active: { label: payoutPanel.stateActive, text: payoutPanel.activeText, variant: 'success' },
};

/** The action of each state (spec 2 section 4's table). */
function StateActions({
  state,
  status,
  helperId,
}: {
  state: Exclude<PayoutState, 'loading'>;
  status: AccountStatus | undefined;
  helperId: string;
}) {
  const create = useCreateAccount();
  const dashboard = useOpenProviderDashboard(helperId);

  // "Creating an account redirects to the onboarding_url if one is returned; otherwise it shows a
  // success message and refreshes the status" (the mutation refreshes it). An incomplete account
  // without a link asks for one the same way: the server reuses the account.
  const createOrResume = async () => {
    try {
      const result = await create.mutateAsync();
      if (result.onboarding_url) {
        redirectTo(result.onboarding_url);
        return;
      }
      toast.success(payoutPanel.createSuccess);
    } catch (failure) {
      toast.error(payoutPanel.createError, { description: errorMessage(failure, payoutPanel.createError) });
    }
  };

  if (state === 'none') {
    return (
      <Button
        onClick={() => void createOrResume()}
        loading={create.isPending}
        loadingLabel={payoutPanel.creatingAccount}
      >
        {payoutPanel.createAccount}
      </Button>
    );
  }
  if (state === 'incomplete') {
    return status?.onboarding_url ? (
      <a href={status.onboarding_url} className={buttonClasses()}>
        {payoutPanel.finishSetup}
      </a>
    ) : (
      <Button
        onClick={() => void createOrResume()}
        loading={create.isPending}
        loadingLabel={payoutPanel.creatingAccount}
      >
        {payoutPanel.finishSetup}
      </Button>
    );
  }
  return (
    <Button
      variant="outline"
      onClick={() => void dashboard.open()}
      loading={dashboard.pending}
      loadingLabel={payoutPanel.openingDashboard}
    >
      <ExternalLink size={18} aria-hidden="true" />
      {payoutPanel.openDashboard}
    </Button>
  );
}

/**
 * The overview's payout-setup panel and payment-account card (spec 2 sections 2 and 4), for helpers:
 * the five derived states, their label and action; once active, the financial dashboard below it.
 */
export function PayoutPanel() {
  const { user, isHelper } = useAuth();
  const query = useAccountStatus({ enabled: Boolean(user) && isHelper });
  if (!user || !isHelper) return null;
  // A refetch (after the account was created) shows the skeleton rather than a stale state as settled.
  const state = payoutState({ status: query.data, loading: query.isFetching, failed: query.isError });
  return (
    <>
      <Card aria-labelledby="payout-panel-title" role="region" data-testid="payout-panel">
        <div className="flex items-start gap-4">
          <span
            className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent-text"
            aria-hidden="true"
          >
            <Landmark size={20} />
          </span>
          <div className="min-w-0 flex-1">
            <CardTitle id="payout-panel-title">{payoutPanel.title}</CardTitle>
            <p className="mt-1 text-ink-muted">{payoutPanel.intro}</p>
          </div>
        </div>
        <div className="mt-4 rounded-xl border border-line p-4">
          <h3 className="font-semibold text-ink">{payoutPanel.cardTitle}</h3>
          {state === 'loading' ? (
            <div role="status" aria-label={payoutPanel.loading} className="mt-3 space-y-2">
              <Skeleton className="h-6 w-32" />
              <Skeleton className="h-5 w-full max-w-md" />
            </div>
          ) : (
            <>
              <p className="mt-2 flex items-center gap-2 text-sm text-ink-muted">
                {payoutPanel.statusLabel}
                <Badge variant={DISPLAY[state].variant} data-testid="payout-state">
                  {DISPLAY[state].label}
                </Badge>
              </p>
              <p className="mt-2 text-slate-700">{DISPLAY[state].text}</p>
              <div className="mt-4 flex flex-wrap gap-3">
                <StateActions state={state} status={query.data} helperId={user.id} />
              </div>
            </>
          )}
        </div>
      </Card>
      {state === 'active' && query.data ? <FinancialDashboard status={query.data} helperId={user.id} /> : null}
    </>
  );
}
