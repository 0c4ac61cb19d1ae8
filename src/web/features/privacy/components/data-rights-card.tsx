import { Download, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ErrorCode } from '#shared/error-codes.ts';
import { passwordReset } from '#shared/messages/auth.ts';
import { dataRightsPanel } from '#shared/messages/trust-web.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardTitle } from '#web/components/ui/card.tsx';
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { paths } from '#web/config/paths.ts';
import { errorMessage, isApiError } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useEraseAccount } from '../api/erase-account.ts';
import { useExportMyData } from '../api/export-my-data.ts';

/** What an erasure does, said before it is confirmed (signed in, or through a mailed link). */
export function ErasureEffects() {
  return (
    <div className="space-y-5">
      <ul className="list-disc space-y-2 pl-5 text-slate-700">
        {dataRightsPanel.effects.map((effect) => (
          <li key={effect}>{effect}</li>
        ))}
      </ul>
      <p className="rounded-xl bg-danger-soft p-3 font-medium text-danger">{dataRightsPanel.irreversible}</p>
    </div>
  );
}

/** The two data rights as two buttons with their hints: the download, then the erasure (which opens its confirmation). */
export function DataRightsButtons({
  onExport,
  exporting,
  exportDisabled = false,
  exportHint = dataRightsPanel.exportHint,
  onErase,
  erasing = false,
  eraseDisabled = false,
}: {
  onExport: () => void;
  exporting: boolean;
  exportDisabled?: boolean;
  exportHint?: string;
  onErase: () => void;
  erasing?: boolean;
  eraseDisabled?: boolean;
}) {
  return (
    <>
      <div className="space-y-2">
        <Button
          variant="outline"
          onClick={onExport}
          loading={exporting}
          loadingLabel={dataRightsPanel.exporting}
          disabled={exportDisabled}
        >
          <Download size={20} aria-hidden="true" />
          {dataRightsPanel.exportButton}
        </Button>
        <p className="text-sm text-ink-muted">{exportHint}</p>
      </div>
      <div className="space-y-2 border-t border-line pt-5">
        <Button
          variant="danger"
          onClick={onErase}
          aria-haspopup="dialog"
          loading={erasing}
          loadingLabel={dataRightsPanel.deleting}
          disabled={eraseDisabled}
        >
          <Trash2 size={20} aria-hidden="true" />
          {dataRightsPanel.deleteButton}
        </Button>
        <p className="text-sm text-ink-muted">{dataRightsPanel.deleteHint}</p>
      </div>
    </>
  );
}

/** Answers about the password itself (wrong, or too many attempts): shown under the field. */
const PASSWORD_ERRORS = new Set<string>([ErrorCode.CURRENT_PASSWORD_WRONG, ErrorCode.CURRENT_PASSWORD_REQUIRED]);

/**
 * The erasure dialog (issue 13 section 4): what erasure does, then the password. On success the
 * session ends (the server revoked every token), the person goes home and a toast confirms.
 */
export function EraseAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const erase = useEraseAccount();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const change = (next: boolean) => {
    if (erase.isPending) return;
    if (!next) {
      setPassword('');
      setFieldError(null);
      setFailure(null);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (erase.isPending) return;
    if (password === '') {
      setFieldError(dataRightsPanel.passwordRequired);
      return;
    }
    setFailure(null);
    try {
      await erase.mutateAsync({ password });
    } catch (error) {
      if (isApiError(error) && ((error.code !== null && PASSWORD_ERRORS.has(error.code)) || error.status === 429)) {
        setFieldError(error.message);
      } else {
        setFailure(errorMessage(error, dataRightsPanel.deleteError));
      }
      return;
    }
    toast.success(dataRightsPanel.deleted, { description: dataRightsPanel.deletedText });
    logout();
    void navigate(paths.home.href(), { replace: true });
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent title={dataRightsPanel.dialogTitle} description={dataRightsPanel.dialogText} size="md">
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
          <ErasureEffects />
          <FormField label={dataRightsPanel.passwordLabel} hint={dataRightsPanel.passwordHint} error={fieldError}>
            <PasswordInput
              autoComplete="current-password"
              value={password}
              showLabel={passwordReset.showPassword}
              hideLabel={passwordReset.hidePassword}
              aria-required="true"
              onChange={(event) => {
                setPassword(event.target.value);
                if (fieldError) setFieldError(null);
              }}
            />
          </FormField>
          {failure ? (
            <p role="alert" className="rounded-xl bg-danger-soft px-3 py-2 text-sm font-medium text-danger">
              {failure}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={erase.isPending}>
                {dataRightsPanel.keep}
              </Button>
            </DialogClose>
            <Button type="submit" variant="danger" loading={erase.isPending} loadingLabel={dataRightsPanel.deleting}>
              {dataRightsPanel.confirm}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** "Vos données personnelles" in /edit-profile: download a copy, or erase the account (RGPD). */
export function DataRightsCard() {
  const exportData = useExportMyData();
  const [eraseOpen, setEraseOpen] = useState(false);

  const download = () => {
    exportData.mutate(undefined, {
      onSuccess: () => toast.success(dataRightsPanel.exportDone),
      onError: (error) =>
        toast.error(dataRightsPanel.exportError, {
          description: isApiError(error) && error.status === 429 ? error.message : undefined,
        }),
    });
  };

  return (
    <Card className="space-y-5">
      <div className="space-y-2">
        <CardTitle>{dataRightsPanel.title}</CardTitle>
        <p className="text-slate-700">{dataRightsPanel.intro}</p>
      </div>
      <DataRightsButtons onExport={download} exporting={exportData.isPending} onErase={() => setEraseOpen(true)} />
      <EraseAccountDialog open={eraseOpen} onOpenChange={setEraseOpen} />
    </Card>
  );
}
