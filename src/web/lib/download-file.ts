import { ErrorCode } from '#shared/error-codes.ts';
import { apiErrorFromResponse, apiUrl, rejectAuthToken } from './api-client.ts';
import { getAuthToken } from './auth-token.ts';

/**
 * Downloads a document the API generates (a PDF receipt or statement, the JSON copy of one's data).
 * A plain link cannot carry the bearer token, so the file is fetched, then handed to the browser as an
 * object URL with the file name the server gave (Content-Disposition) or `fallbackName`.
 *
 * With `post`, the document is asked for with a JSON body and without the session (a mailed link's
 * token is the proof, and a stale session of someone else must not refuse it).
 */
export async function downloadFile(
  path: string,
  fallbackName: string,
  accept = 'application/pdf',
  post?: { body: unknown },
): Promise<void> {
  const token = post ? null : getAuthToken();
  const headers = new Headers({ Accept: accept });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (post) headers.set('Content-Type', 'application/json');
  const response = await fetch(
    apiUrl(path),
    post ? { method: 'POST', headers, body: JSON.stringify(post.body) } : { headers },
  );
  if (!response.ok) {
    const error = await apiErrorFromResponse(response);
    // Same rule as apiRequest: a token the server refuses ends the session (no retry: the document is private).
    if (token && error.status === 401 && error.code === ErrorCode.INVALID_TOKEN) rejectAuthToken(token);
    throw error;
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameFrom(response.headers.get('Content-Disposition')) ?? fallbackName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has started the download synchronously; the URL is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** The file name of a Content-Disposition header (RFC 6266: filename* first, then filename). */
export function fileNameFrom(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() ?? null;
}
