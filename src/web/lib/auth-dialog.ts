import { createContext, use } from 'react';

export type AuthDialogMode = 'login' | 'signup';

export type AuthDialogControls = {
  /** Opens the login/signup dialog (spec 1 section 2: a dialog, not a route). */
  open: (mode?: AuthDialogMode) => void;
  close: () => void;
};

export const AuthDialogContext = createContext<AuthDialogControls | null>(null);

/** The one global opener of the login/signup dialog; the provider lives in app/auth-dialog-provider.tsx. */
export function useAuthDialog(): AuthDialogControls {
  const value = use(AuthDialogContext);
  if (!value) throw new Error('useAuthDialog must be used inside <AuthDialogProvider>');
  return value;
}
