import type { $ZodConfig } from 'zod/v4/core';
import { frenchErrorMap } from '#shared/schemas/zod-error-map.ts';

declare global {
  var __zod_globalConfig: Partial<$ZodConfig> | undefined;
}

// Imported FIRST by main.tsx (ES modules run their imports before their own body, so this cannot sit
// in main.tsx itself): zod decides when a schema is constructed whether to compile it with
// `new Function`, which the strict CSP forbids (STACK.md), so jitless must be set before any schema
// module is evaluated. The French error map words every issue.
//
// zod keeps its configuration in this global object and adopts it when it loads (zod/v4/core's
// `config()` reads and writes the same one): setting it here keeps zod itself out of the first
// page's bundle, since schemas and zod load later with the pages and requests that need them.
// zod-setup.test.ts checks that zod still reads it. Assigned into, never replaced: a zod already
// loaded (tests) holds a reference to the object.
Object.assign((globalThis.__zod_globalConfig ??= {}), { jitless: true, customError: frenchErrorMap });
