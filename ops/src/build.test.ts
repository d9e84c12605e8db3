import assert from 'node:assert/strict';
import { cp, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { after, test } from 'node:test';
import * as tar from 'tar';
import { REMOTE_ENTRY_FILE, REMOTE_SERVER_ENTRY_FILE } from '@velvet/contracts';
import { REPO_ROOT, buildRemote } from './build';

/** A webpack config writing a browser build to dist/ and, with `node`, a node build to `nodeOutput`. */
const config = (node: boolean, nodeOutput = "path.join(__dirname, 'dist', 'server')") => `
const path = require('node:path');
const browser = {
  entry: './src/browser.js',
  target: 'web',
  output: { path: path.join(__dirname, 'dist'), filename: 'remoteEntry.js', clean: { keep: /^server\\// } },
};
const node = {
  entry: './src/node.js',
  target: 'node',
  output: { path: ${nodeOutput}, filename: 'remoteEntry.js', library: { type: 'commonjs-module' }, clean: true },
};
module.exports = (_env, argv) => ${node ? '[browser, node]' : 'browser'};
`;

const folders: string[] = [];
after(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

/**
 * A remote's folder as deploy builds it: mf-tv's remote.json and installed packages (its webpack) with a config of
 * its own, as remotes build for server rendering but without the federation plugins, so the packing is checked alone.
 */
async function remoteFolder(webpackConfig: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'velvet-remote-'));
  folders.push(dir);
  await cp(path.join(REPO_ROOT, 'mf-tv', 'remote.json'), path.join(dir, 'remote.json'));
  await symlink(path.join(REPO_ROOT, 'mf-tv', 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: '@velvet/mf-tv', version: '0.3.0' }));
  await mkdir(path.join(dir, 'src'));
  await writeFile(path.join(dir, 'src', 'browser.js'), "document.title = 'browser build';");
  await writeFile(path.join(dir, 'src', 'node.js'), "module.exports = 'node build';");
  await writeFile(path.join(dir, 'webpack.config.cjs'), webpackConfig);
  return dir;
}

/** The files of a packed build with their contents. */
async function unpacked(archive: Buffer): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  await pipeline(
    Readable.from([archive]),
    tar.t({
      onReadEntry: (entry) => {
        if (entry.type !== 'File') return;
        let content = '';
        entry.on('data', (chunk: Buffer) => (content += chunk.toString()));
        entry.on('end', () => files.set(entry.path, content));
      },
    }),
  );
  return files;
}

test('deploy builds the browser and node builds of a remote at once and packs the node build as server/', async () => {
  const dir = await remoteFolder(config(true));
  const build = await buildRemote('mf-tv', dir);
  const files = await unpacked(build.archive);
  assert.deepEqual([...files.keys()].sort(), [REMOTE_ENTRY_FILE, REMOTE_SERVER_ENTRY_FILE]);
  assert.equal(build.files, 2);
  assert.match(files.get(REMOTE_ENTRY_FILE)!, /browser build/);
  assert.doesNotMatch(files.get(REMOTE_ENTRY_FILE)!, /node build/);
  assert.match(files.get(REMOTE_SERVER_ENTRY_FILE)!, /node build/);
  assert.match(build.version, /^0\.3\.0-\d{8}T\d{9}$/);
  // Built into a temporary folder: the remote's own dist/ is not written.
  assert.deepEqual((await readdir(dir)).sort(), [
    'node_modules',
    'package.json',
    'remote.json',
    'src',
    'webpack.config.cjs',
  ]);
});

test('a config with one build packs it alone; a build writing outside the remote\u2019s dist/ is refused', async () => {
  const single = await unpacked((await buildRemote('mf-tv', await remoteFolder(config(false)))).archive);
  assert.deepEqual([...single.keys()], [REMOTE_ENTRY_FILE]);
  const outside = await remoteFolder(config(true, "path.join(__dirname, 'server')"));
  await assert.rejects(buildRemote('mf-tv', outside), /writes .*server, outside .*dist/);
});

test('a config that does not build fails the deploy with webpack\u2019s errors', async () => {
  const broken = await remoteFolder(config(true).replace("'./src/node.js'", "'./src/nope.js'"));
  await assert.rejects(buildRemote('mf-tv', broken), /webpack could not build/);
});
