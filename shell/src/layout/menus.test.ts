import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, remoteDescriptor, type ManifestRemote, type RemoteName } from '@velvet/contracts';
import { createI18n } from '@velvet/i18n';
import { addDescriptorMessages, visibleMenus } from './menus';

/** The remotes as the manifest lists them, with the descriptors of the repository's remote.json files. */
function remote(name: RemoteName): ManifestRemote {
  const file = path.join(__dirname, '..', '..', '..', name, 'remote.json');
  const descriptor = remoteDescriptor.parse(JSON.parse(readFileSync(file, 'utf8')));
  return { name, version: '1.0.0', entry: `/remotes/${name}/1.0.0/mf-manifest.json`, descriptor };
}
const all = REMOTE_NAMES.map(remote);
const tenant = { features: {} };

describe('visibleMenus', () => {
  it('builds the navbar from the menu entries the remotes declare, in their order', () => {
    const menus = visibleMenus(all, tenant);
    expect(menus.map((menu) => [menu.key, menu.route])).toEqual([
      ['live', 'cams'],
      ['videos', 'videos'],
      ['tv', 'tvLivestream'],
      ['feed', 'feed'],
      ['messenger', 'messenger'],
      ['specials', 'dailyDeals'],
      ['vip', 'vipClub'],
    ]);
    expect(menus[0]!.items.map((item) => item.route)).toEqual([
      'cams',
      'newGirls',
      'freeChat',
      'categories',
      'camShows',
      'topCams',
    ]);
    expect(menus.find((menu) => menu.key === 'feed')!.items).toEqual([]);
  });

  it('leaves out the menus of remotes that do not run, and entries whose feature is off', () => {
    const specials = remote('mf-specials');
    const bingo = {
      where: 'navbar' as const,
      parent: 'live',
      route: 'clashOfCams',
      label: 'routes.clashOfCams',
      order: 5,
      feature: 'bingo',
    };
    const withEntry: ManifestRemote = {
      ...specials,
      descriptor: { ...specials.descriptor, menus: [...specials.descriptor.menus, bingo] },
    };
    const others = all.filter((r) => r.name !== 'mf-specials' && r.name !== 'mf-tv');
    const off = visibleMenus([...others, withEntry], tenant);
    expect(off.map((menu) => menu.key)).not.toContain('tv');
    expect(off.find((menu) => menu.key === 'live')!.items.map((item) => item.route)).not.toContain('clashOfCams');
    const on = visibleMenus([...others, withEntry], { features: { bingo: true } });
    // another remote's entry joins a menu it does not declare, at its order
    expect(on.find((menu) => menu.key === 'live')!.items.map((item) => item.route)).toEqual([
      'clashOfCams',
      'cams',
      'newGirls',
      'freeChat',
      'categories',
      'camShows',
      'topCams',
    ]);
    // a submenu entry whose menu no running remote declares is left out
    const alone = visibleMenus([withEntry], { features: { bingo: true } });
    expect(alone.map((menu) => menu.key)).toEqual(['specials']);
  });
});

describe('addDescriptorMessages', () => {
  it('gives every menu label its text in all four languages from the descriptors', () => {
    const i18n = createI18n('en');
    addDescriptorMessages(i18n, all);
    for (const language of ['de', 'en', 'nl', 'es'] as const) {
      const t = i18n.getFixedT(language);
      for (const menu of visibleMenus(all, tenant))
        for (const { label, namespace } of [menu, ...menu.items]) {
          const text = t(label, { ns: namespace });
          expect(text).not.toBe(label);
          expect(text.length).toBeGreaterThan(0);
        }
    }
    expect(i18n.getFixedT('de')('menus.live', { ns: 'mf-chat' })).toBe('Live-Cams');
    expect(i18n.getFixedT('es')('routes.newGirls', { ns: 'mf-chat' })).toBe('Chicas nuevas');
  });
});
