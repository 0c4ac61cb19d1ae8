import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { AuthProvider } from '#web/lib/auth.tsx';

/**
 * Everything above the router: data cache, authentication, toasts. The router goes inside so
 * pages can use all three; `onLoggedOut` navigates home (spec 1 section 4 "Logout … goes to /").
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
        {children}
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
