import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Script } from 'node:vm';
import {
  createInstance,
  getInstance,
  type ModuleFederation,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import type { ManifestRemote, ServerRenderStage } from '@velvet/contracts';

/** Why a remote's part was left to the browser. */
export class ServerRemoteError extends Error {
  constructor(
    readonly stage: Exclude<ServerRenderStage, 'incompatible'>,
    message: string,
    /** The node build was still loading (its first use since the server started or the version was deployed). */
    readonly warming = false,
  ) {
    super(message);
  }
}

/**
 * A node build's entry is a file of the store: it runs as CommonJS in this process, whatever package folder the store
 * lies in (the runtime would fetch it). Its chunks it loads itself, from the files beside it.
 */
const storeEntries: ModuleFederationRuntimePlugin = {
  name: 'velvet-store-entries',
  loadEntry: async ({ remoteInfo }) => {
    if (!remoteInfo.entry.startsWith('file:')) return undefined;
    const file = fileURLToPath(remoteInfo.entry);
    const code = await readFile(file, 'utf8');
    const module: { exports: Record<string, unknown> } = { exports: {} };
    const run = new Script(`(function (exports, module, require, __dirname, __filename) {${code}\n})`, {
      filename: file,
    }).runInThisContext() as (...args: unknown[]) => void;
    run(module.exports, module, createRequire(file), path.dirname(file), file);
    return (module.exports[remoteInfo.entryGlobalName] ?? module.exports) as never;
  },
};

type Sheets = Record<string, Map<string, string> | undefined>;

/**
 * The remotes' node builds, each version in a federation instance of its own (two tenants may pin two versions
 * of one remote) that shares the shell's packages: the page has one React, one i18next, one query library. A
 * version's module is loaded once and kept; a failed load is tried again on a later render.
 */
function createServerRemotes() {
  const instances = new Map<string, ModuleFederation>();
  const modules = new Map<string, Promise<unknown>>();
  // Loads run one after another: a node build's entry registers itself under its remote's global name.
  let queue: Promise<unknown> = Promise.resolve();

  const instanceFor = (remote: ManifestRemote, entry: string) => {
    let instance = instances.get(entry);
    if (!instance) {
      const host = getInstance();
      instance = createInstance({
        name: `shell_server_${instances.size + 1}`,
        remotes: [{ name: remote.descriptor.federationName, entry: pathToFileURL(entry).href }],
        plugins: [storeEntries],
      });
      if (host) instance.initShareScopeMap('default', host.shareScopeMap.default ?? {});
      instances.set(entry, instance);
    }
    return instance;
  };

  const load = <T>(remote: ManifestRemote, entry: string, module: 'app' | 'widgets'): Promise<T> => {
    const key = `${entry}#${module}`;
    let loaded = modules.get(key) as Promise<T> | undefined;
    if (loaded) return loaded;
    if (!existsSync(entry))
      return Promise.reject(new ServerRemoteError('missing', `${remote.name} ${remote.version} has no node build`));
    loaded = queue.then(async () => {
      const exposed = await instanceFor(remote, entry).loadRemote<{ default?: T } & T>(
        `${remote.descriptor.federationName}/${module}`,
      );
      if (!exposed) throw new Error(`${remote.name}/${module} did not load`);
      return (exposed.default ?? exposed) as T;
    });
    queue = loaded.catch(() => undefined);
    loaded.catch(() => modules.delete(key));
    modules.set(key, loaded);
    return loaded;
  };

  return {
    load,
    /** A module, or a timeout when its first load is not done by `deadline` (it goes on for a later render). */
    loadWithin: async <T>(remote: ManifestRemote, entry: string, module: 'app' | 'widgets', deadline: number) => {
      const loading = load<T>(remote, entry, module);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new ServerRemoteError('timeout', `${remote.name} ${remote.version} is still loading`, true)),
          Math.max(0, deadline - performance.now()),
        );
      });
      try {
        return await Promise.race([loading, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    /** The style sheets a remote's node build collected (server-style-loader). */
    styles: (remote: ManifestRemote): string[] => {
      const sheets = (globalThis as { __VELVET_SERVER_STYLES__?: Sheets }).__VELVET_SERVER_STYLES__;
      return [...(sheets?.[remote.descriptor.federationName]?.values() ?? [])];
    },
  };
}

export const serverRemotes = createServerRemotes();
