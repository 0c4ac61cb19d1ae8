import { sql } from 'drizzle-orm';
import { common } from '#shared/messages/common.ts';
import type { AppContext } from '../app-types.ts';
import type { UserRow } from '../db/schema/users.ts';
import { hashPassword } from '../lib/passwords.ts';
import { countUsers } from '../modules/users/users.service.ts';
import { DEMO_PASSWORD, SEED_LOCK_KEY } from './constants.ts';
import { seedAvailabilityAndBookings } from './bookings.ts';
import type { SeedContext } from './context.ts';
import { seedOffers } from './offers.ts';
import { seedUsers, type DemoUsers } from './users.ts';

const roleLabel: Record<UserRow['role'], string> = {
  admin: common.roleAdmin,
  helper: common.roleHelper,
  helpee: common.roleSeeker,
};

function demoAccountLines(users: DemoUsers): string[] {
  const accounts = [users.admin, ...users.seekers, ...users.helpers];
  return [
    `Comptes de démonstration (mot de passe : ${DEMO_PASSWORD}) :`,
    ...accounts.map((user) => `  ${user.email} (${roleLabel[user.role]})`),
  ];
}

/**
 * French demo data for an empty database (DESIGN.md section 1), when SEED_DEMO is on (its default
 * outside production only). Everything runs in one transaction under an advisory lock: a failure
 * leaves the database empty (and seeded on the next start), and two processes starting together
 * seed once. Answers the lines to print.
 */
export async function seedDemoData(ctx: AppContext): Promise<string[]> {
  // Never in production, whatever the caller asks: the demo admin's password is in the README.
  if (!ctx.config.seedDemo || ctx.config.env === 'production') return [];
  if ((await countUsers(ctx.db)) > 0) return [];
  // One hash for every demo account: argon2 is deliberately slow.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  return ctx.db.transaction(async (db) => {
    await db.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if ((await countUsers(db)) > 0) return [];
    const seed: SeedContext = { ctx, db };

    const users = await seedUsers(seed, passwordHash);
    await seedOffers(seed, users);
    await seedAvailabilityAndBookings(seed, users);

    ctx.log.info({ users: 1 + users.seekers.length + users.helpers.length }, 'demo data seeded');
    return demoAccountLines(users);
  });
}
