import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { RealtimeProvider } from '#web/features/messaging/realtime/realtime-provider.tsx';
import { AuthProvider } from '#web/lib/auth.tsx';

/**
 * Everything above the router: data cache, authentication, the app socket (opened once per logged-in
 * tab), toasts. The router goes inside so pages can use them all; `onLoggedOut` navigates home
 * (spec 1 section 4 "Logout … goes to /").
 */
export function AppProvider({
  queryClient,
  onLoggedOut,
  children,
}: {
  queryClient: QueryClient;
  onLoggedOut?: () => void;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider onLoggedOut={onLoggedOut}>
        <RealtimeProvider>
          {children}
          <Toaster />
        </RealtimeProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
