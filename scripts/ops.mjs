// `npm run ops -- <command>`: the operator CLI (ops/), after installing packages if they are missing.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, ensureDependencies } from './lib.mjs';

ensureDependencies();
const result = spawnSync(
  join(ROOT, 'ops', 'node_modules', '.bin', 'tsx'),
  [join(ROOT, 'ops', 'src', 'main.ts'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
