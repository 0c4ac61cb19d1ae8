import { createContext, use } from 'react';

/** Why the charter is asked: to become a helper, or again before publishing after a new version. */
export type CharterDialogMode = 'become' | 'renew';

export type CharterDialogControls = {
  /** Shows the charter with its checkbox; resolves true once accepted (and recorded), false when closed. */
  request: (mode: CharterDialogMode) => Promise<boolean>;
};

export const CharterDialogContext = createContext<CharterDialogControls | null>(null);

/** The one opener of the helper charter step; the provider lives in app/charter-dialog-provider.tsx. */
export function useCharterDialog(): CharterDialogControls {
  const value = use(CharterDialogContext);
  if (!value) throw new Error('useCharterDialog must be used inside <CharterDialogProvider>');
  return value;
}
