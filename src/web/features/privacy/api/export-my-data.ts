import { useMutation } from '@tanstack/react-query';
import { dataRights } from '#shared/messages/trust.ts';
import { downloadFile } from '#web/lib/download-file.ts';

/** The file name when the server's Content-Disposition cannot be read: today's date, like the server's. */
export const fallbackName = () => dataRights.exportFileName(new Date().toISOString().slice(0, 10));

/**
 * GET /users/me/export (issue 13 section 4): the JSON copy of everything Appui holds about the
 * person, downloaded with the bearer token (a plain link cannot carry it).
 */
export function exportMyData(): Promise<void> {
  return downloadFile('/users/me/export', fallbackName(), 'application/json');
}

export function useExportMyData() {
  return useMutation({ mutationFn: exportMyData });
}
