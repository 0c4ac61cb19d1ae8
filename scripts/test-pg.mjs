// Runs the API suites against the PostgreSQL server of TEST_DATABASE_URL (DESIGN.md section 4).
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.error(
    'TEST_DATABASE_URL is not set. Example: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run test:pg',
  );
  process.exit(1);
}
const result = spawnSync('npx', ['vitest', 'run', '--project', 'api', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, APPUI_TEST_DB: 'pg' },
});
process.exit(result.status ?? 1);
