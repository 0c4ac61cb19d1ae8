import { ADMIN_REFRESH_MS } from '#shared/constants.ts';

/**
 * Every list and figure of the admin console refreshes every 30 s (spec 2 section 9), and at once when
 * the app socket says a visitor wrote (`support.activity` invalidates queryKeys.admin.all).
 */
export const adminRefresh = { refetchInterval: ADMIN_REFRESH_MS } as const;
