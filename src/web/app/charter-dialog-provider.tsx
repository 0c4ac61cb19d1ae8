import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { CharterDialogContext, type CharterDialogControls, type CharterDialogMode } from '#web/lib/charter-dialog.ts';

// Loaded on first open only (DESIGN.md section 9): the charter's text stays out of every other bundle.
const CharterDialog = lazy(() => import('#web/features/users/components/charter-dialog.tsx'));

export function CharterDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ open: boolean; mode: CharterDialogMode; mounted: boolean }>({
    open: false,
    mode: 'become',
    mounted: false,
  });
  // The caller waiting for this opening's answer; an earlier one still waiting is answered "no".
  const pending = useRef<((accepted: boolean) => void) | null>(null);
  const settle = useCallback((accepted: boolean) => {
    pending.current?.(accepted);
    pending.current = null;
    setState((previous) => ({ ...previous, open: false }));
  }, []);
  const request = useCallback((mode: CharterDialogMode) => {
    pending.current?.(false);
    setState({ open: true, mode, mounted: true });
    return new Promise<boolean>((resolve) => {
      pending.current = resolve;
    });
  }, []);
  const controls = useMemo<CharterDialogControls>(() => ({ request }), [request]);
  return (
    <CharterDialogContext value={controls}>
      {children}
      {state.mounted ? (
        <Suspense fallback={null}>
          <CharterDialog
            open={state.open}
            mode={state.mode}
            onAccepted={() => settle(true)}
            onOpenChange={(isOpen) => {
              if (!isOpen) settle(false);
            }}
          />
        </Suspense>
      ) : null}
    </CharterDialogContext>
  );
}
