import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { apiErrors } from '#shared/messages/common.ts';
import { ApiError } from './api-client.ts';
import { getAuthToken } from './auth-token.ts';
import { downloadFile } from './download-file.ts';

describe('downloadFile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('ends the session when the server refuses the stored token, like every other API call', async () => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'tok-old');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ detail: apiErrors.invalidToken, code: ErrorCode.INVALID_TOKEN }, { status: 401 }),
      ),
    );
    await expect(downloadFile('/payments/statements/2030.pdf', 'releve.pdf')).rejects.toBeInstanceOf(ApiError);
    expect(getAuthToken()).toBeNull();
  });
});
