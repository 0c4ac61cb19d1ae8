// The schema Drizzle needs as one object (relational queries, drizzle-kit); not a convenience barrel.
export * from './users.ts';
export * from './offers.ts';
export * from './payouts.ts';
export * from './slots.ts';
export * from './bookings.ts';
export * from './payments.ts';
export * from './messaging.ts';
export * from './support.ts';
