import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { RemoteDescriptor } from '@velvet/contracts';

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
    });
  }
  return root;
}
