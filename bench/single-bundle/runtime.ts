// Stands in for `@module-federation/enhanced/runtime` in the single-bundle build of the shell (section 3 of the
// bench): every remote's ./app and ./widgets are ordinary imports of the same webpack build, so the shell code
// runs unchanged and the only difference measured is federation itself.
const REMOTES: Record<string, Record<'app' | 'widgets', () => Promise<unknown>>> = {
  mf_account: { app: () => import('../../mf-account/src/app'), widgets: () => import('../../mf-account/src/widgets') },
  mf_chat: { app: () => import('../../mf-chat/src/app'), widgets: () => import('../../mf-chat/src/widgets') },
  mf_feed: { app: () => import('../../mf-feed/src/app'), widgets: () => import('../../mf-feed/src/widgets') },
  mf_media: { app: () => import('../../mf-media/src/app'), widgets: () => import('../../mf-media/src/widgets') },
  mf_messenger: {
    app: () => import('../../mf-messenger/src/app'),
    widgets: () => import('../../mf-messenger/src/widgets'),
  },
  mf_specials: {
    app: () => import('../../mf-specials/src/app'),
    widgets: () => import('../../mf-specials/src/widgets'),
  },
  mf_tv: { app: () => import('../../mf-tv/src/app'), widgets: () => import('../../mf-tv/src/widgets') },
};

// The shell checks remotes' version ranges with the runtime's own matcher: the real one, by path (the bare name is
// this file).
export { satisfy } from '../../shell/node_modules/@module-federation/enhanced/dist/src/runtime';

export function registerRemotes(): void {}

/** Runtime plugins hook into remote loading, which the single bundle does not do. */
export function registerPlugins(): void {}

export async function loadRemote<T>(id: string): Promise<T | null> {
  const [name, module] = id.split('/') as [string, 'app' | 'widgets'];
  const load = REMOTES[name]?.[module];
  return load ? ((await load()) as T) : null;
}
