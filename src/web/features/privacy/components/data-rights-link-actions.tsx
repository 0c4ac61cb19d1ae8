import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { dataRightsLinkPage, dataRightsPanel } from '#shared/messages/trust-web.ts';
import { AlertDialog, AlertDialogContent } from '#web/components/ui/alert-dialog.tsx';
import { ButtonLink } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { paths } from '#web/config/paths.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useEraseAccountByLink } from '../api/erase-account-by-link.ts';
import { useExportDataByLink } from '../api/export-data-by-link.ts';
import { DataRightsButtons, ErasureEffects } from './data-rights-card.tsx';

/**
 * What a mailed link allows, without signing in: one download of the data, and the erasure of the
 * account after a confirmation that says what it does. A refused link (expired, spent) says so and
 * offers a new one.
 */
export function DataRightsLinkActions({ token }: { token: string }) {
  const exportData = useExportDataByLink();
  const erase = useEraseAccountByLink();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (erase.isSuccess) {
    return (
      <div role="status" className="space-y-4">
        <p className="flex items-center gap-3 text-xl font-semibold text-ink">
          <CheckCircle2 size={20} className="shrink-0 text-success" aria-hidden="true" />
          {dataRightsLinkPage.erasedTitle}
        </p>
        <p className="text-slate-700">{dataRightsLinkPage.erasedText}</p>
        <ButtonLink to={paths.home.href()} variant="outline">
          {dataRightsLinkPage.backHome}
        </ButtonLink>
      </div>
    );
  }

  const download = () => {
    setFailure(null);
    exportData.mutate(token, {
      onSuccess: () => toast.success(dataRightsPanel.exportDone),
      onError: (error) => setFailure(errorMessage(error, dataRightsPanel.exportError)),
    });
  };
  const confirmErasure = () => {
    setFailure(null);
    erase.mutate(token, { onError: (error) => setFailure(errorMessage(error, dataRightsPanel.deleteError)) });
  };

  return (
    <div className="space-y-5">
      <p className="text-slate-700">{dataRightsLinkPage.linkIntro}</p>
      <DataRightsButtons
        onExport={download}
        exporting={exportData.isPending}
        exportDisabled={exportData.isSuccess || erase.isPending}
        exportHint={exportData.isSuccess ? dataRightsLinkPage.exportDoneHint : undefined}
        onErase={() => setConfirming(true)}
        erasing={erase.isPending}
        eraseDisabled={exportData.isPending}
      />
      {failure ? (
        <div role="alert" className="space-y-3 rounded-xl bg-danger-soft px-4 py-3 text-sm font-medium text-danger">
          <p>{failure}</p>
          <ButtonLink to={paths.dataRights.href()} variant="outline" size="sm">
            {dataRightsLinkPage.newLink}
          </ButtonLink>
        </div>
      ) : null}
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent
          title={dataRightsPanel.dialogTitle}
          description={dataRightsPanel.dialogText}
          cancelLabel={dataRightsPanel.keep}
          confirmLabel={dataRightsPanel.confirm}
          onConfirm={confirmErasure}
          danger
        >
          <ErasureEffects />
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
