import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { BENCH_DIR, REPO_ROOT } from './processes';
import { tempDir } from './servers';

const OUTPUT = path.join(BENCH_DIR, 'dist', 'single-shell');

/**
 * The newest of the federated builds and of this build's own config and the shared one it derives from: the single
 * bundle is rebuilt when older. (webpack leaves a rebuilt file that did not change untouched, so a change of the
 * shared config alone, such as a new plugin, may not show in the builds' times.)
 */
function newestInput(): number {
  const markers = [
    path.join(REPO_ROOT, 'shell', 'dist', 'index.html'),
    path.join(REPO_ROOT, 'shared', 'federation', 'webpack.cjs'),
    ...readdirSync(path.join(BENCH_DIR, 'single-bundle')).map((name) => path.join(BENCH_DIR, 'single-bundle', name)),
    ...readdirSync(REPO_ROOT)
      .filter((name) => name.startsWith('mf-'))
      .map((name) => path.join(REPO_ROOT, name, 'dist', 'mf-manifest.json')),
  ];
  return Math.max(...markers.filter((file) => existsSync(file)).map((file) => statSync(file).mtimeMs));
}

/**
 * Builds the shell with the remotes compiled in (bench/single-bundle/webpack.config.cjs) when the federated
 * builds are newer, and answers a repository root for the server whose shell/dist is that bundle.
 */
export async function buildSingleBundle(): Promise<string> {
  const index = path.join(OUTPUT, 'index.html');
  if (!existsSync(index) || statSync(index).mtimeMs < newestInput()) {
    console.log('(building the single-bundle shell)');
    const result = spawnSync(
      path.join(BENCH_DIR, 'node_modules', '.bin', 'webpack'),
      ['--config', 'single-bundle/webpack.config.cjs', '--mode', 'production'],
      { cwd: BENCH_DIR, stdio: 'inherit' },
    );
    if (result.status !== 0) throw new Error('the single-bundle build failed');
  }
  const root = await tempDir('single-root');
  await mkdir(path.join(root, 'shell'));
  await symlink(OUTPUT, path.join(root, 'shell', 'dist'));
  return root;
}
