import { bookingContentionScenario, fragmentsScenario } from './bookings.ts';
import { offersScenario } from './offers.ts';
import { checkoutContentionScenario } from './payments.ts';
import { messageDeliveryScenario } from './realtime.ts';
import { defineScenario, type BenchScenario } from './scenario.ts';

/**
 * The app's cheapest route: every hook on the request path (security headers, auth, socket guard)
 * and a database ping shared for a second. Compared with the bare Fastify route (issue 11): what
 * the app adds per request, hooks, headers and serialization, must stay under 10 %.
 */
export const healthScenario = defineScenario({
  name: 'health',
  description: 'GET /api/v1/health: the full request pipeline plus one database round trip',
  targets: () => [{ name: 'GET /api/v1/health', path: '/api/v1/health', goal: { ratio: 0.9, against: 'fastify' } }],
});

/** Every scenario `npm run bench` knows, in run order; BENCH_SCENARIOS selects among them by name. */
export const scenarios: BenchScenario[] = [
  healthScenario,
  offersScenario,
  fragmentsScenario,
  bookingContentionScenario,
  checkoutContentionScenario,
  messageDeliveryScenario,
];

/** Names that select several scenarios at once in BENCH_SCENARIOS. */
export const scenarioGroups: Record<string, string[]> = {
  bookings: [fragmentsScenario.name, bookingContentionScenario.name],
};
