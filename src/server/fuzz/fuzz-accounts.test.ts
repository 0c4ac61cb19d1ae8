import { defineFuzzSuite } from './fuzz-suite.ts';

// The tags of this group: FUZZ_GROUPS.accounts in fuzz-harness.ts.
await defineFuzzSuite('accounts');
