// A generated source file of the repository: formatted like the rest, written by its script, and checked by
// `--check` (in `npm test`), which fails when the file no longer matches what it is generated from.
import { readFileSync, writeFileSync } from 'node:fs';
import process from 'node:process';
import * as prettier from 'prettier';

/** Writes `target` from `source` (formatted), or with `--check` exits 1 when the file on disk differs. */
export async function emitGenerated(target, source, { from, script }) {
  const options = await prettier.resolveConfig(target);
  const wanted = await prettier.format(source, { ...options, filepath: target });
  if (!process.argv.includes('--check')) {
    writeFileSync(target, wanted);
    return;
  }
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // a missing file is out of date
  }
  if (current !== wanted) {
    console.error(`${target} is out of date with ${from}: run node ${script}`);
    process.exit(1);
  }
}
