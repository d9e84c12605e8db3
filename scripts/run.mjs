// Single workspace tasks: `npm run build | typecheck | lint`.
import { ROOT, ensureBuilt, ensureDependencies, run } from './lib.mjs';
import { join } from 'node:path';

const tasks = {
  build: () => ensureBuilt({ force: true }),
  typecheck: () => run(join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json', '--noEmit']),
  lint: () => run(join(ROOT, 'node_modules', '.bin', 'eslint'), ['.', '--max-warnings=0']),
  format: () => run(join(ROOT, 'node_modules', '.bin', 'prettier'), ['--write', '.', '--log-level=warn']),
};
const task = tasks[process.argv[2]];
if (!task) {
  console.error(`usage: node scripts/run.mjs ${Object.keys(tasks).join('|')}`);
  process.exit(2);
}
ensureDependencies();
task();
