import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import * as tar from 'tar';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { remoteDescriptor, type RemoteDescriptor, type RemoteName } from '@velvet/contracts';

/** Writes files below a folder, creating folders on the way. */
async function writeTree(root: string, files: Record<string, string | Buffer>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), content);
  }
}

export const SHELL_HTML =
  '<!doctype html><html><head><title>Velvet</title></head><body><div id="root"></div><script src="/shell/shell.0123abcd.js"></script></body></html>';

/** The mf-manifest.json of a fixture build: its entry and the sync chunks of ./app and ./widgets. */
export const fixtureManifest = (descriptor: RemoteDescriptor, version: string) =>
  JSON.stringify({
    id: descriptor.federationName,
    version,
    metaData: { remoteEntry: { name: 'remoteEntry.js' } },
    exposes: [
      { path: './app', assets: { js: { sync: ['123.89abcdef.js', 'app.89abcdef.js'], async: [] } } },
      { path: './widgets', assets: { js: { sync: ['widgets.89abcdef.js'], async: [] } } },
    ],
  });

/**
 * A repository root with built output as the real builds lay it out: a shell dist and remote dists with
 * mf-manifest.json, remote.json, hashed chunks and brotli twins. Point `config.repoRoot` of createTestApp at it.
 */
/** The descriptor a remote of this repository declares (its remote.json), as the registry reads it. */
export function repositoryDescriptor(name: RemoteName): RemoteDescriptor {
  const file = path.join(import.meta.dirname, '..', '..', '..', name, 'remote.json');
  return remoteDescriptor.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** A descriptor's route with the same slugs in every language and no arguments. */
export const fixtureRoute = (name: string, slugs: string): RemoteDescriptor['routes'][number] => ({
  name,
  path: { de: slugs, en: slugs, es: slugs },
  args: [],
});

/** The parts of a descriptor that a fixture declaring no menu entries nor breadcrumbs leaves empty. */
export const NO_MENUS = {
  menus: [],
  messages: { de: {}, en: {}, nl: {}, es: {} },
  breadcrumbs: [],
} satisfies Pick<RemoteDescriptor, 'menus' | 'messages' | 'breadcrumbs'>;

export async function fixtureRepo(remotes: Array<{ descriptor: RemoteDescriptor; version: string }>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'velvet-repo-'));
  await writeTree(root, {
    'shell/dist/index.html': SHELL_HTML,
    'shell/dist/shell.0123abcd.js': 'console.log("shell")',
    'shell/dist/shell.0123abcd.js.br': brotliCompressSync('console.log("shell")'),
  });
  for (const { descriptor, version } of remotes) {
    await writeTree(path.join(root, descriptor.name), {
      'package.json': JSON.stringify({ name: `@velvet/${descriptor.name}`, version }),
      'dist/mf-manifest.json': fixtureManifest(descriptor, version),
      'dist/remote.json': JSON.stringify(descriptor),
      'dist/remoteEntry.js': `var ${descriptor.federationName};`,
      'dist/remoteEntry.js.br': brotliCompressSync(`var ${descriptor.federationName};`),
      'dist/123.89abcdef.js': '/* chunk */',
      'dist/server/remoteEntry.js': `exports.${descriptor.federationName} = {};`,
    });
  }
  return root;
}

/** A gzipped tar of a build folder as the CLI sends it: files at the top level. */
export async function buildArchive(files: Record<string, string>): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'velvet-build-'));
  try {
    for (const [name, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), content);
    }
    const archive = path.join(dir, '..', `${path.basename(dir)}.tgz`);
    await tar.c({ gzip: true, cwd: dir, file: archive, portable: true }, Object.keys(files));
    const bytes = await readFile(archive);
    await rm(archive);
    return bytes;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A build archive of a remote with its descriptor, entry, manifest, one chunk and its node build's entry (each
 * marked), less `omit`.
 */
export const remoteBuild = (descriptor: RemoteDescriptor, marker: string, omit: string[] = []) =>
  buildArchive(
    Object.fromEntries(
      Object.entries({
        'mf-manifest.json': JSON.stringify({ id: descriptor.federationName, marker }),
        'remote.json': JSON.stringify(descriptor),
        'remoteEntry.js': `var ${descriptor.federationName}; // ${marker}`,
        [`chunks/${marker}.js`]: `/* ${marker} */`,
        'server/remoteEntry.js': `exports.${descriptor.federationName} = {}; // ${marker}`,
      }).filter(([name]) => !omit.includes(name)),
    ),
  );
