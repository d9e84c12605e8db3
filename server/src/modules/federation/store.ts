import { cp, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_NAMES, remoteDescriptor, type RemoteDescriptor, type RemoteName } from '@velvet/contracts';
import type { Config } from '../../config';

/** Bundles are kept per version (old ones stay for open sessions): DATA_DIR/remotes/<name>/<version>/. */
export const remoteStoreDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'remotes');
export const remoteEntryUrl = (name: RemoteName, version: string) => `/remotes/${name}/${version}/mf-manifest.json`;

/** Files a browser must revalidate: they name the hashed chunks of a build. Everything else is immutable. */
export const UNCACHED_REMOTE_FILES: ReadonlySet<string> = new Set([
  'mf-manifest.json',
  'remoteEntry.js',
  'remote.json',
]);

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );
const readText = (file: string) => readFile(file, 'utf8').catch(() => null);

export interface LocalBuild {
  name: RemoteName;
  version: string;
  distDir: string;
}

/** The built remotes of the repository (mf-* /dist with mf-manifest.json and remote.json). */
export async function localBuilds(repoRoot: string): Promise<LocalBuild[]> {
  const builds: LocalBuild[] = [];
  for (const name of REMOTE_NAMES) {
    const distDir = path.join(repoRoot, name, 'dist');
    if (!(await exists(path.join(distDir, 'mf-manifest.json'))) || !(await exists(path.join(distDir, 'remote.json'))))
      continue;
    const packageJson = await readText(path.join(repoRoot, name, 'package.json'));
    const version = packageJson ? (JSON.parse(packageJson) as { version?: string }).version : undefined;
    if (version) builds.push({ name, version, distDir });
  }
  return builds;
}

/**
 * Copies a build into the store unless the same build is there already. A rebuild without a version bump
 * (development) replaces the manifest and adds the new hashed chunks; old chunks stay for open pages.
 * Answers whether anything was copied.
 */
export async function putIntoStore(storeDir: string, build: LocalBuild): Promise<boolean> {
  const target = path.join(storeDir, build.name, build.version);
  const stored = await readText(path.join(target, 'mf-manifest.json'));
  const built = await readText(path.join(build.distDir, 'mf-manifest.json'));
  if (stored !== null && stored === built) return false;
  await cp(build.distDir, target, { recursive: true, force: true });
  return true;
}

const descriptors = new Map<string, RemoteDescriptor | null>();

function parseDescriptor(text: string): RemoteDescriptor | null {
  try {
    const parsed = remoteDescriptor.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The descriptor a stored build ships (remote.json), or null when the build is missing or invalid. */
export async function storedDescriptor(
  storeDir: string,
  name: string,
  version: string,
): Promise<RemoteDescriptor | null> {
  const file = path.join(storeDir, name, version, 'remote.json');
  const cached = descriptors.get(file);
  if (cached !== undefined) return cached;
  const text = await readText(file);
  // A missing build is not remembered: it may be deployed a moment later.
  if (text === null) return null;
  const descriptor = parseDescriptor(text);
  descriptors.set(file, descriptor);
  return descriptor;
}
