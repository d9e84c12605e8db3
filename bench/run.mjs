// `npm run bench`: the project's own set-up first (packages, the builds that are stale, Chromium, and PostgreSQL
// for --scale), then the bench itself (src/main.ts). Arguments pass through: npm run bench -- --quick
import { spawnSync } from 'node:child_process';
import process from 'node:process';
import { join } from 'node:path';
import { ROOT, ensureBuilt, ensureChromium, ensureDependencies, ensurePostgres } from '../scripts/lib.mjs';

const args = process.argv.slice(2);
ensureDependencies();
ensureBuilt();
ensureChromium();
if (args.includes('--scale')) ensurePostgres();
const bench = join(ROOT, 'bench');
const result = spawnSync(join(bench, 'node_modules', '.bin', 'tsx'), ['src/main.ts', ...args], {
  cwd: bench,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
