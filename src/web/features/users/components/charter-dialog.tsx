import { useEffect, useId, useState, type FormEvent } from 'react';
import { HELPER_CHARTER_VERSION } from '#shared/constants.ts';
import { charterDialog } from '#shared/messages/charter.ts';
import { verificationBadges } from '#shared/messages/verification.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { paths } from '#web/config/paths.ts';
import { ApiError } from '#web/lib/api-client.ts';
import type { CharterDialogMode } from '#web/lib/charter-dialog.ts';
import { useAcceptCharter } from '../api/accept-charter.ts';
import { CharterText } from './charter-text.tsx';

/**
 * The helper charter step: the full text, "J'ai lu et j'accepte la charte", then POST
 * /users/me/charter. `onAccepted` runs once the acceptance is recorded (the caller then switches
 * the role or publishes); closing the dialog leaves everything as it was.
 */
export default function CharterDialog({
  open,
  mode,
  onAccepted,
  onOpenChange,
}: {
  open: boolean;
  mode: CharterDialogMode;
  onAccepted: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  const checkboxId = useId();
  const errorId = useId();
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const accept = useAcceptCharter();

  // Each opening starts unchecked: an acceptance is a fresh act, never carried over.
  useEffect(() => {
    if (open) {
      setChecked(false);
      setError(null);
    }
  }, [open]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!checked) {
      setError(charterDialog.checkboxRequired);
      return;
    }
    setError(null);
    try {
      await accept.mutateAsync(HELPER_CHARTER_VERSION);
      onAccepted();
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status < 500 ? failure.message : charterDialog.acceptError);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={charterDialog.title}
        description={mode === 'become' ? charterDialog.intro : charterDialog.introRenewal}
        size="lg"
      >
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          {/* Focusable: a keyboard alone scrolls the text (WCAG 2.1.1; axe's scrollable-region-focusable). */}
          <div
            role="region"
            aria-label={charterDialog.textLabel}
            tabIndex={0}
            className="focus-ring max-h-[45dvh] overflow-y-auto rounded-xl border border-line bg-surface p-4 sm:max-h-[50dvh]"
          >
            <CharterText idPrefix="charte-dialogue" />
          </div>
          <p className="mt-3 text-sm">
            <a
              className="focus-ring rounded text-accent-text underline"
              href={paths.helperVerification.href()}
              target="_blank"
              rel="noopener"
            >
              {verificationBadges.howWeCheck}
            </a>
          </p>
          <div className="mt-4 flex items-start gap-3">
            <input
              id={checkboxId}
              type="checkbox"
              className="focus-ring mt-1 h-5 w-5 shrink-0 rounded accent-accent"
              checked={checked}
              onChange={(event) => {
                setChecked(event.target.checked);
                if (event.target.checked) setError(null);
              }}
              aria-invalid={error !== null && !checked ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <label htmlFor={checkboxId} className="font-medium text-ink">
              {charterDialog.checkbox}
            </label>
          </div>
          {error ? (
            <p id={errorId} role="alert" className="mt-2 text-sm text-danger">
              {error}
            </p>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {charterDialog.cancel}
            </Button>
            <Button type="submit" disabled={accept.isPending}>
              {accept.isPending
                ? charterDialog.pending
                : mode === 'become'
                  ? charterDialog.confirm
                  : charterDialog.confirmRenewal}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
