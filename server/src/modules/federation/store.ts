import { createHash, randomUUID } from 'node:crypto';
import { cp, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  REMOTE_ENTRY_FILE,
  REMOTE_NAMES,
  REMOTE_SERVER_ENTRY_FILE,
  remoteDescriptor,
  type RemoteDescriptor,
  type RemoteName,
} from '@velvet/contracts';
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

/** What a local build needs to enter the store: its descriptor, and the browser and node builds a remote ships. */
const LOCAL_BUILD_FILES = ['mf-manifest.json', 'remote.json', REMOTE_SERVER_ENTRY_FILE] as const;

/**
 * The built remotes of the repository: mf-* /dist with mf-manifest.json, remote.json and the node build
 * (server/remoteEntry.js). A dist without its node build is left out, as the registry refuses such an upload: every
 * version in the store can be rendered by the server.
 */
export async function localBuilds(repoRoot: string): Promise<LocalBuild[]> {
  const builds: LocalBuild[] = [];
  for (const name of REMOTE_NAMES) {
    const distDir = path.join(repoRoot, name, 'dist');
    if (!(await Promise.all(LOCAL_BUILD_FILES.map((file) => exists(path.join(distDir, file))))).every(Boolean))
      continue;
    const packageJson = await readText(path.join(repoRoot, name, 'package.json'));
    const version = packageJson ? (JSON.parse(packageJson) as { version?: string }).version : undefined;
    if (version) builds.push({ name, version, distDir });
  }
  return builds;
}

/**
 * The Subresource Integrity value (sha384, as browsers check it) of a build folder's remoteEntry.js, or null without
 * one. Taken once when a build enters the store and kept with its deployment.
 */
export async function entryIntegrity(dir: string): Promise<string | null> {
  const content = await readFile(path.join(dir, REMOTE_ENTRY_FILE)).catch(() => null);
  return content === null ? null : `sha384-${createHash('sha384').update(content).digest('base64')}`;
}

/**
 * Files that make a build what it is: the entry and manifest name every hashed chunk, the descriptor the rest, and the
 * node build's entry names its own chunks (a rebuild that changes only the node build is a new version too).
 */
const IDENTITY_FILES = ['remote.json', 'mf-manifest.json', REMOTE_ENTRY_FILE, REMOTE_SERVER_ENTRY_FILE] as const;

/** A digest of a build folder's identity files, or null when one is missing. */
export async function buildDigest(dir: string): Promise<string | null> {
  const hash = createHash('sha256');
  for (const file of IDENTITY_FILES) {
    const content = await readFile(path.join(dir, file)).catch(() => null);
    if (content === null) return null;
    hash.update(`${file}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex');
}

/**
 * Puts a local build into the store as an immutable version. The first build of a package version takes that
 * version; the same build again adds nothing; a different build of a version already in the store (a rebuild
 * without a version bump) becomes `<version>-local.<8 hex of its digest>`, so the folder an open page loads from
 * never changes. Answers the version the build has in the store and whether it was added now.
 */
export async function putIntoStore(storeDir: string, build: LocalBuild): Promise<{ version: string; added: boolean }> {
  const digest = await buildDigest(build.distDir);
  if (!digest) throw new Error(`${build.distDir} is not a complete build`);
  const plain = path.join(storeDir, build.name, build.version);
  const version =
    !(await exists(plain)) || (await buildDigest(plain)) === digest
      ? build.version
      : `${build.version}-local.${digest.slice(0, 8)}`;
  const target = path.join(storeDir, build.name, version);
  if (await exists(target)) return { version, added: false };
  // Copied beside the store and renamed in one step: a version folder is absent or complete.
  const incoming = path.join(path.dirname(storeDir), 'remotes-incoming', randomUUID());
  try {
    await cp(build.distDir, incoming, { recursive: true });
    await mkdir(path.dirname(target), { recursive: true });
    await rename(incoming, target);
  } finally {
    await rm(incoming, { recursive: true, force: true });
  }
  return { version, added: true };
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
