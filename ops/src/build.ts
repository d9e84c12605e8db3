import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import semver from 'semver';
import * as tar from 'tar';
import { PLATFORM_API_VERSION, remoteDescriptor, type RemoteDescriptor } from '@velvet/contracts';

/** The repository root: ops/src/build.ts lives two folders below it. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

export interface RemoteBuild {
  descriptor: RemoteDescriptor;
  version: string;
  /** The gzipped tar of the build folder: the browser build's files at the top level, the node build's in server/. */
  archive: Buffer;
  files: number;
}

/**
 * A version that needs no commit: the remote's package version with the build time as a prerelease
 * (0.1.0-20261122T031500123), so versions of one package version sort by time and never repeat.
 */
export function buildVersion(packageVersion: string, at = new Date()): string {
  const stamp = at.toISOString().replace(/[-:.Z]/g, '');
  const version = `${packageVersion}-${stamp}`;
  if (!semver.valid(version)) throw new Error(`${version} is not a semver version`);
  return version;
}

/** What the build uses of a webpack config, and of the webpack the remote itself installs (its Node API). */
interface WebpackConfig {
  mode?: string;
  context?: string;
  output?: { path?: string };
}
type ConfigExport = WebpackConfig | WebpackConfig[];
type WebpackConfigFile =
  | ConfigExport
  | ((env: Record<string, unknown>, argv: Record<string, unknown>) => ConfigExport | Promise<ConfigExport>);
interface WebpackStats {
  hasErrors(): boolean;
  toString(preset: string): string;
}
interface WebpackCompiler {
  run(callback: (error: Error | null, stats?: WebpackStats) => void): void;
  close(callback: (error?: Error | null) => void): void;
}
type Webpack = (configs: WebpackConfig[]) => WebpackCompiler;

/**
 * A remote's webpack configs (webpack.config.cjs, called as webpack's CLI calls it) for a production build into
 * `out`: each config writes where it would below the remote's dist/, now below `out`, so the browser build lands at
 * `out` and the node build, which writes dist/server/, at `out/server`. The first config is the browser's; a config
 * writing outside its folder is refused.
 */
async function buildConfigs(dir: string, out: string): Promise<WebpackConfig[]> {
  const file = createRequire(path.join(dir, 'package.json'))('./webpack.config.cjs') as WebpackConfigFile;
  const env = { WEBPACK_BUNDLE: true, WEBPACK_BUILD: true };
  const made = typeof file === 'function' ? await file(env, { mode: 'production', env }) : file;
  const configs = Array.isArray(made) ? made : [made];
  const dist = configs[0]?.output?.path ?? path.join(dir, 'dist');
  return configs.map((config) => {
    const below = path.relative(dist, config.output?.path ?? dist);
    if (below.split(path.sep).includes('..') || path.isAbsolute(below))
      throw new Error(`${dir}/webpack.config.cjs writes ${config.output?.path ?? ''}, outside ${dist}`);
    // Relative paths are the remote's, as when webpack's CLI runs in its folder.
    return {
      context: dir,
      ...config,
      mode: 'production',
      output: { ...config.output, path: path.join(out, below) },
    };
  });
}

/** Runs webpack (the remote's own, from its folder) over the configs at once; a build with errors throws. */
async function runWebpack(dir: string, configs: WebpackConfig[]): Promise<void> {
  const webpack = createRequire(path.join(dir, 'package.json'))('webpack') as Webpack;
  const compiler = webpack(configs);
  const stats = await new Promise<WebpackStats>((resolve, reject) =>
    compiler.run((error, result) =>
      error || !result ? reject(error ?? new Error('webpack gave no result')) : resolve(result),
    ),
  );
  await new Promise<void>((resolve, reject) => compiler.close((error) => (error ? reject(error) : resolve())));
  const report = stats.toString('errors-warnings').trim();
  if (report) console.error(report);
  if (stats.hasErrors()) throw new Error(`webpack could not build ${dir}`);
}

/**
 * Builds one remote alone with its own webpack config, browser and node builds, into a temporary folder (its dist/
 * and every other app are left as they are) and packs it, the node build as server/. `dir` is the remote's folder:
 * this repository's by default, or another checkout of it with its packages installed. A descriptor whose platform
 * range this CLI's platform API does not satisfy is refused before building; the server checks again on upload.
 */
export async function buildRemote(remote: string, dir = path.join(REPO_ROOT, remote)): Promise<RemoteBuild> {
  const descriptor = remoteDescriptor.parse(JSON.parse(await readFile(path.join(dir, 'remote.json'), 'utf8')));
  if (descriptor.name !== remote) throw new Error(`${dir} holds ${descriptor.name}, not ${remote}`);
  if (!semver.satisfies(PLATFORM_API_VERSION, descriptor.platform)) {
    throw new Error(`${remote} needs platform ${descriptor.platform}; the platform API is ${PLATFORM_API_VERSION}`);
  }
  const { version: packageVersion } = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const out = await mkdtemp(path.join(tmpdir(), `velvet-${remote}-`));
  try {
    await runWebpack(dir, await buildConfigs(dir, out));
    const entries = await readdir(out);
    const archivePath = `${out}.tgz`;
    await tar.c({ gzip: true, cwd: out, file: archivePath, portable: true }, entries);
    const archive = await readFile(archivePath);
    await rm(archivePath, { force: true });
    const files = (await readdir(out, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
    return { descriptor, version: buildVersion(packageVersion), archive, files };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}
