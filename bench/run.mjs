// `npm run bench`: the project's own set-up first (packages, the builds that are stale, Chromium, and PostgreSQL
// for --scale), then the bench itself (src/main.ts). Arguments pass through: npm run bench -- --quick
import { spawnSync } from 'node:child_process';
import process from 'node:process';
import { join } from 'node:path';
import {
  ROOT,
  ensureBuilt,
  ensureChromium,
  ensureCluster,
  ensureDependencies,
  ensurePostgres,
} from '../scripts/lib.mjs';

const args = process.argv.slice(2);
ensureDependencies();
ensureBuilt();
ensureChromium();
// Sections 4 and 9 and the scale section (6) also measure on PostgreSQL.
const only = args.find((arg) => arg.startsWith('--only='));
const sections = only
  ? only.slice('--only='.length).split(',')
  : ['4', '9', ...(args.includes('--scale') ? ['6'] : []), ...(args.includes('--cluster') ? ['10'] : [])];
if (['4', '6', '9'].some((section) => sections.includes(section))) ensurePostgres();
// Section 10 runs the site as several processes: Redis and HAProxy too.
if (sections.includes('10')) ensureCluster();
const bench = join(ROOT, 'bench');
const result = spawnSync(join(bench, 'node_modules', '.bin', 'tsx'), ['src/main.ts', ...args], {
  cwd: bench,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
