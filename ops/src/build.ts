import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
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
  /** The gzipped tar of the build folder, files at the top level. */
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

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`)),
    );
  });
}

/**
 * Builds one remote alone with its own webpack config into a temporary folder (its dist/ and every other app are
 * left as they are) and packs it. `dir` is the remote's folder: this repository's by default, or another checkout of
 * it with its packages installed. A descriptor whose platform range this CLI's platform API does not satisfy is
 * refused before building; the server checks again on upload.
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
    const webpack = path.join(dir, 'node_modules', '.bin', 'webpack');
    await run(webpack, ['--mode', 'production', '--config', 'webpack.config.cjs', '--output-path', out], dir);
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
