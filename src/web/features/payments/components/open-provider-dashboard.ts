import { useState } from 'react';
import { payoutPanel } from '#shared/messages/payments-web.ts';
import { toast } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { getDashboardLink } from '../api/get-dashboard-link.ts';
import { redirectTo } from '#web/lib/redirect.ts';

/**
 * Opens the provider's dashboard in a new window (spec 2 section 4). The window is opened at the click,
 * before the link is known: a window opened after an await is no longer a user gesture and popup
 * blockers refuse it. When the browser blocks it anyway, the page itself goes to the link.
 */
export function useOpenProviderDashboard(helperId: string) {
  const [pending, setPending] = useState(false);
  const open = async () => {
    const popup = window.open('', '_blank');
    setPending(true);
    try {
      const { url } = await getDashboardLink(helperId);
      if (popup && !popup.closed) {
        // The provider's page must not be able to script this one (what `noopener` would give).
        popup.opener = null;
        popup.location.href = url;
      } else {
        redirectTo(url);
      }
    } catch (failure) {
      popup?.close();
      toast.error(payoutPanel.dashboardOpenError, {
        description: errorMessage(failure, payoutPanel.dashboardOpenError),
      });
    } finally {
      setPending(false);
    }
  };
  return { open, pending };
}
