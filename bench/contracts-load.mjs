// What importing @velvet/contracts costs a process, and what the shell's first load weighs:
// `node bench/contracts-load.mjs [--runs N] [--shell <dist folder>]`.
// Import time is the median over fresh Node processes (tsx transpiles the TypeScript sources; its cache is
// warmed by a first, uncounted run), zod objects are counted as zod installs its internals on each new one.
import { execFileSync } from 'node:child_process';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import console from 'node:console';
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : fallback;
};
const runs = Number(option('runs', 7));
const shellDist = option('shell', join(here, '..', 'shell', 'dist'));

// Runs in the child: zod itself is loaded first, so only what the contracts build is counted.
const child = `
await import('zod');
let schemas = 0, checks = 0;
const define = Object.defineProperty;
Object.defineProperty = function (target, key, descriptor) {
  if (key === '_zod' && descriptor && descriptor.value && descriptor.value.def) {
    if ('check' in descriptor.value.def) checks++;
    else schemas++;
  }
  return define.call(this, target, key, descriptor);
};
const start = performance.now();
await import('./src/index.ts');
const ms = performance.now() - start;
Object.defineProperty = define;
process.stdout.write(JSON.stringify({ ms, schemas, checks }));
`;
const measure = () =>
  JSON.parse(
    execFileSync(process.execPath, ['--import', import.meta.resolve('tsx'), '--input-type=module', '-e', child], {
      // The package's own folder: zod resolves as the contracts' own dependency.
      cwd: join(here, '..', 'shared', 'contracts'),
      encoding: 'utf8',
    }),
  );

measure();
const samples = Array.from({ length: runs }, measure);
const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
const { schemas, checks } = samples[0];
console.log(
  `import @velvet/contracts: median ${median(samples.map((s) => s.ms)).toFixed(1)} ms over ${runs} processes`,
);
console.log(`zod objects constructed at import: ${schemas} schemas, ${checks} checks`);

if (!existsSync(join(shellDist, 'index.html'))) {
  console.log(`shell: no build in ${shellDist} (cd shell && npx webpack --mode production)`);
} else {
  // The eager chunks are the scripts the shell's HTML loads itself; everything else is fetched on demand.
  const html = readFileSync(join(shellDist, 'index.html'), 'utf8');
  const eager = [...html.matchAll(/<script[^>]*src="?\/shell\/([^"?\s>]+)/g)].map((m) => m[1]);
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  let raw = 0,
    gz = 0,
    br = 0;
  for (const file of eager) {
    const bytes = readFileSync(join(shellDist, file));
    const sizes = [bytes.length, gzipSync(bytes, { level: 9 }).length, brotliCompressSync(bytes).length];
    [raw, gz, br] = [raw + sizes[0], gz + sizes[1], br + sizes[2]];
    console.log(`shell eager ${file}: ${kb(sizes[0])}, gzip ${kb(sizes[1])}, brotli ${kb(sizes[2])}`);
  }
  const all = readdirSync(shellDist).filter((f) => f.endsWith('.js'));
  const total = all.reduce((sum, f) => sum + readFileSync(join(shellDist, f)).length, 0);
  console.log(
    `shell eager total: ${kb(raw)}, gzip ${kb(gz)}, brotli ${kb(br)} (all ${all.length} scripts: ${kb(total)})`,
  );
}
