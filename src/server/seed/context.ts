import type { AppContext } from '../app-types.ts';
import type { Executor } from '../db/client.ts';

/** What every seed step receives: the app context and the transaction the whole seed runs in. */
export type SeedContext = { ctx: AppContext; db: Executor };
