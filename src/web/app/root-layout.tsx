import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { nav } from '#shared/messages/common.ts';
import { BioReminder } from '#web/components/layout/bio-reminder.tsx';
import { DemoBanner } from '#web/components/layout/demo-banner.tsx';
import { GeneralHeader, LandingHeader } from '#web/components/layout/headers.tsx';
import { SiteFooter } from '#web/components/layout/site-footer.tsx';
import { paths } from '#web/config/paths.ts';
import { EmailVerificationBanner } from '#web/features/auth/components/email-verification-banner.tsx';
import { MessagesHeaderLink } from '#web/features/messaging/components/unread-badge.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { AuthDialogProvider } from './auth-dialog-provider.tsx';
import { CharterDialogProvider } from './charter-dialog-provider.tsx';

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className="fixed inset-x-0 top-0 z-[60] h-1 animate-pulse bg-accent" aria-hidden="true" />;
}

/**
 * The frame of every page: skip link, the demonstration banner when payments are simulated, header (landing header on / and /dashboard, where the
 * general header is hidden), the page, footer, and the login dialog opener. The role tone is set on
 * <html> so portalled dialogs and menus get the same accent.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const { tone } = useAuth();
  useEffect(() => {
    document.documentElement.dataset.tone = tone;
  }, [tone]);
  const useLandingHeader = pathname === paths.home.path || pathname.startsWith(paths.dashboard.path);
  return (
    <AuthDialogProvider>
      <CharterDialogProvider>
        <a
          href="#contenu"
          className="focus-ring sr-only z-50 rounded-xl bg-white px-4 py-2 font-medium text-ink focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          {nav.skipToContent}
        </a>
        <NavigationProgress />
        <div className="flex min-h-dvh flex-col">
          <DemoBanner />
          {useLandingHeader ? (
            <LandingHeader messagesLink={<MessagesHeaderLink />} />
          ) : (
            <GeneralHeader messagesLink={<MessagesHeaderLink />} />
          )}
          <main id="contenu" className="flex-1" tabIndex={-1}>
            <EmailVerificationBanner />
            <BioReminder />
            <Outlet />
          </main>
          <SiteFooter />
        </div>
        <ScrollRestoration />
      </CharterDialogProvider>
    </AuthDialogProvider>
  );
}
