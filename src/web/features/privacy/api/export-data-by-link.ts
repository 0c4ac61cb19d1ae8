import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '#web/lib/download-file.ts';
import { fallbackName } from './export-my-data.ts';

/** POST /privacy/data-requests/export {token}: the JSON copy of the link's account, once per link. */
export function exportDataByLink(token: string): Promise<void> {
  return downloadFile('/privacy/data-requests/export', fallbackName(), 'application/json', { body: { token } });
}

export function useExportDataByLink() {
  return useMutation({ mutationFn: exportDataByLink });
}
