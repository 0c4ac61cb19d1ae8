import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { RealtimeProvider } from '#web/features/messaging/realtime/realtime-provider.tsx';
import { AuthProvider } from '#web/lib/auth.tsx';
import { PublicConfigProvider } from '#web/lib/public-config.tsx';
import { DEFAULT_PUBLIC_CONFIG, type PublicConfig } from '#shared/schemas/public-config.ts';

/**
 * Everything above the router: the server's public configuration, data cache, authentication, the app socket (opened once per logged-in
 * tab), toasts. The router goes inside so pages can use them all; `onLoggedOut` navigates home
 * (spec 1 section 4 "Logout … goes to /").
 */
export function AppProvider({
  queryClient,
  onLoggedOut,
  publicConfig = DEFAULT_PUBLIC_CONFIG,
  children,
}: {
  queryClient: QueryClient;
  onLoggedOut?: () => void;
  /** What the server said of itself in the page (lib/public-config.tsx). */
  publicConfig?: PublicConfig;
  children: ReactNode;
}) {
  return (
    <PublicConfigProvider config={publicConfig}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider onLoggedOut={onLoggedOut}>
          <RealtimeProvider>
            {children}
            <Toaster />
          </RealtimeProvider>
        </AuthProvider>
      </QueryClientProvider>
    </PublicConfigProvider>
  );
}
