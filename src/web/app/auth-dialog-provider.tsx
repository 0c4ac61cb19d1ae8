import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { AuthDialogContext, type AuthDialogControls, type AuthDialogMode } from '#web/lib/auth-dialog.ts';

// Loaded on first open only (DESIGN.md section 9): the form libraries stay out of the landing bundle.
const AuthDialog = lazy(() => import('#web/features/auth/components/auth-dialog.tsx'));

export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ open: boolean; mode: AuthDialogMode; mounted: boolean }>({
    open: false,
    mode: 'login',
    mounted: false,
  });
  const open = useCallback((mode: AuthDialogMode = 'login') => setState({ open: true, mode, mounted: true }), []);
  const close = useCallback(() => setState((previous) => ({ ...previous, open: false })), []);
  const controls = useMemo<AuthDialogControls>(() => ({ open, close }), [open, close]);
  return (
    <AuthDialogContext value={controls}>
      {children}
      {state.mounted ? (
        <Suspense fallback={null}>
          <AuthDialog
            open={state.open}
            mode={state.mode}
            onModeChange={(mode) => setState((previous) => ({ ...previous, mode }))}
            onOpenChange={(isOpen) => setState((previous) => ({ ...previous, open: isOpen }))}
          />
        </Suspense>
      ) : null}
    </AuthDialogContext>
  );
}
