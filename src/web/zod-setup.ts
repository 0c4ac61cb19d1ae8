import { configureZod } from '#shared/schemas/zod-locale.ts';

// Imported FIRST by main.tsx (ES modules run their imports before their own body, so this call
// cannot sit in main.tsx itself): zod decides when a schema is constructed whether to compile it
// with `new Function`, which the strict CSP forbids (STACK.md), so jitless must be set before any
// schema module is evaluated. The French error map words every issue.
configureZod({ jitless: true });
