/** @jest-environment node */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInstance, satisfy } from '@module-federation/runtime';
import { CONTRACTS_VERSION } from '@velvet/contracts';
import { builtDescriptor, shared, type SharedModule } from '../webpack.cjs';

const root = path.join(__dirname, '..', '..', '..');
const installed = (dir: string, pkg: string): string =>
  (JSON.parse(readFileSync(path.join(dir, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string })
    .version;

const HOST_WINS = ['react', 'react-dom', 'i18next', 'react-i18next', '@tanstack/react-query', '@velvet/i18n'];
const OWN_COPY = ['@velvet/ui', '@velvet/sdk', '@velvet/federation'];

/**
 * A federation runtime instance sharing ui as the build config says (share strategy as in the factories), the
 * module answering with the name of the app that provided it; a remote joins the host's scope.
 */
function federation(name: string, config: Record<string, SharedModule>, host?: ReturnType<typeof createInstance>) {
  const { version, singleton, strictVersion, requiredVersion } = config['@velvet/ui']!;
  const instance = createInstance({
    name,
    remotes: [],
    shareStrategy: 'loaded-first',
    shared: {
      '@velvet/ui': {
        version,
        shareConfig: { singleton, strictVersion, requiredVersion },
        get: () => Promise.resolve(() => ({ from: name })),
      },
    },
  });
  if (host) instance.initShareScopeMap('default', host.shareScopeMap['default']!);
  return instance;
}

describe('shared modules of the webpack factories', () => {
  it.each([
    ['shell', true],
    ['mf-tv', false],
  ])('%s declares the version it was built with and a range that accepts it', (app, eager) => {
    const dir = path.join(root, app);
    const config = shared({ dir, eager });
    for (const [name, module] of Object.entries(config)) {
      const pkg = name.startsWith('@') ? name : name.split('/')[0]!;
      expect([name, module.version]).toEqual([name, installed(dir, pkg)]);
      expect([name, module.requiredVersion]).toEqual([name, `^${module.version}`]);
      expect(module.eager).toBe(eager);
    }
  });

  it('keeps page-wide state in one host copy, lets ui, sdk and federation come twice, and shares nothing else', () => {
    const config = shared({ dir: path.join(root, 'mf-tv'), eager: false });
    for (const name of [...HOST_WINS, 'react-dom/client', 'react/jsx-runtime'])
      expect([name, config[name]]).toMatchObject([name, { singleton: true, strictVersion: false }]);
    for (const name of OWN_COPY) expect([name, config[name]?.singleton]).toEqual([name, false]);
    // The contracts are bundled by each app: their range travels in the remote.json instead.
    expect(Object.keys(config).sort()).toEqual(
      [...HOST_WINS, ...OWN_COPY, 'react-dom/client', 'react/jsx-runtime'].sort(),
    );
    expect(builtDescriptor(path.join(root, 'mf-tv'))).toMatchObject({ contracts: `^${CONTRACTS_VERSION}` });
  });

  describe('a remote built against newer contracts', () => {
    // A remote folder whose installed @velvet/contracts and @velvet/federation are its own; the rest it finds
    // in the folders above, as node_modules resolution does.
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(path.join(__dirname, '..', 'remote-fixture-'));
      const write = (file: string, content: unknown) => {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), JSON.stringify(content));
      };
      write('node_modules/@velvet/contracts/package.json', { name: '@velvet/contracts', version: '0.3.2' });
      write('node_modules/@velvet/federation/package.json', { name: '@velvet/federation', version: '0.1.0' });
      write('node_modules/@velvet/ui/package.json', { name: '@velvet/ui', version: '0.2.0' });
      write('remote.json', { name: 'mf-tv', federationName: 'mf_tv', platform: '^1', feature: 'tv' });
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('asks for that version in the remote.json it ships', () => {
      expect(builtDescriptor(dir)).toEqual({
        name: 'mf-tv',
        federationName: 'mf_tv',
        platform: '^1',
        feature: 'tv',
        contracts: '^0.3.2',
      });
      // which a shell on older contracts does not satisfy, by the federation runtime's own reckoning
      expect(satisfy(CONTRACTS_VERSION, '^0.3.2')).toBe(false);
    });

    it('runs on its own ui where the shell copy is too old', async () => {
      const host = federation('shell', shared({ dir: path.join(root, 'shell'), eager: true }));
      const load = async (instance: typeof host, name: string) => ((await instance.loadShare(name)) as () => unknown)();
      // The shell's copies are in use before any remote comes (provided eagerly).
      expect(await load(host, '@velvet/ui')).toEqual({ from: 'shell' });

      const current = federation('mf_tv', shared({ dir: path.join(root, 'mf-tv'), eager: false }), host);
      expect(await load(current, '@velvet/ui')).toEqual({ from: 'shell' });

      const newer = federation('mf_newer', shared({ dir, eager: false }), host);
      expect(await load(newer, '@velvet/ui')).toEqual({ from: 'mf_newer' });
    });
  });
});
