import { config } from 'zod/v4/core';
import { frenchErrorMap } from './zod-error-map.ts';

/**
 * Call once per side at start (the server; the browser sets the same through src/web/zod-setup.ts,
 * without loading zod). jitless: a strict CSP forbids `new Function`.
 */
export function configureZod(options: { jitless?: boolean } = {}): void {
  config({ customError: frenchErrorMap, jitless: options.jitless ?? false });
}
