import { bookingContentionScenario, fragmentsScenario } from './bookings.ts';
import { offersScenario } from './offers.ts';
import { checkoutContentionScenario } from './payments.ts';
import { messageDeliveryScenario } from './realtime.ts';
import { defineScenario, type BenchScenario } from './scenario.ts';

/** The app's cheapest route: every plugin on the request path (helmet, auth hook, zod) and one ping. */
export const healthScenario = defineScenario({
  name: 'health',
  description: 'GET /api/v1/health: the full request pipeline plus one database round trip',
  targets: () => [{ name: 'GET /api/v1/health', path: '/api/v1/health', goal: { ratio: 0.9, against: 'node' } }],
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
