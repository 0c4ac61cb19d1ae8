import { defineFuzzSuite } from './fuzz-suite.ts';

// The tags of this group: FUZZ_GROUPS.money in fuzz-harness.ts.
await defineFuzzSuite('money');
