// `npm test`: every test of the workspace. Installs what the tests need (packages, Chromium, PostgreSQL), then
// runs the type check and lint, builds the apps (the server's integration tests render pages with their node
// builds), runs unit and component tests (Jest) and server integration tests (node:test on PGlite, the ledger also
// on a throw-away PostgreSQL, and one test of three server processes behind HAProxy on PostgreSQL and Redis, run
// alone like every server test file), and the end-to-end tests in Chromium against the built site.
import { join } from 'node:path';
import { ROOT, ensureBuilt, ensureChromium, ensureCluster, ensureDependencies, log, pnpm, run } from './lib.mjs';

const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const stages = [
  ['install', () => ensureDependencies()],
  ['chromium', () => ensureChromium()],
  // The server's tests start PostgreSQL, and its cluster test Redis and HAProxy too, from these packages.
  ['postgresql, redis and haproxy', () => ensureCluster()],
  ['typecheck', () => run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'])],
  [
    'lint and format',
    () => {
      run(bin('eslint'), ['.', '--max-warnings=0']);
      run(bin('prettier'), ['--check', '.', '--log-level=warn']);
      run(process.execPath, ['scripts/route-types.mjs', '--check']);
      run(process.execPath, ['scripts/contracts-browser.mjs', '--check']);
      run(process.execPath, ['scripts/module-graph.mjs', '--check']);
    },
  ],
  ['build', () => ensureBuilt()],
  [
    'unit and integration',
    () =>
      pnpm(['--recursive', '--workspace-concurrency=1', '--filter', '!@velvet/e2e', 'run', 'test'], {
        env: { CI: 'true' },
      }),
  ],
  ['end-to-end', () => pnpm(['--filter', '@velvet/e2e', 'run', 'test'])],
];

const results = [];
for (const [name, stage] of stages) {
  log(`Test stage: ${name}`);
  const started = Date.now();
  try {
    stage();
    results.push({ name, ok: true, seconds: (Date.now() - started) / 1000 });
  } catch (error) {
    results.push({ name, ok: false, seconds: (Date.now() - started) / 1000 });
    console.error(error.message);
    break;
  }
}
console.log('\nTest stages:');
for (const { name, ok, seconds } of results) console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds.toFixed(1)} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`stages: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 && results.length === stages.length ? 0 : 1);
