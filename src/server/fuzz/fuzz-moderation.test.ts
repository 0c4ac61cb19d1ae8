import { defineFuzzSuite } from './fuzz-suite.ts';

// The tags of this group: FUZZ_GROUPS.moderation in fuzz-harness.ts.
await defineFuzzSuite('moderation');
