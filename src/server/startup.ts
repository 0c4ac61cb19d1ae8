import type { AppContext } from './app-types.ts';
import { ensureConfiguredAdmin } from './modules/users/users.service.ts';
import { seedDemoData } from './seed/index.ts';

/**
 * Data tasks run by `npm start` before listening: the configured admin (ADMIN_EMAIL) and the demo
 * data on an empty database. Returns the lines to print for the person who started the server.
 */
export async function runStartupTasks(ctx: AppContext): Promise<string[]> {
  // Demo data first: it only fills an empty database, which the configured admin would not leave.
  const lines = await seedDemoData(ctx);
  lines.push(...(await ensureConfiguredAdmin(ctx)));
  return lines;
}
