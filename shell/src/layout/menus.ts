import { routeByName, type ManifestRemote, type RouteName } from '@velvet/contracts';

export interface Menu {
  key: string;
  /** The page the menu title links to. */
  route: RouteName;
  items: RouteName[];
}

/** The navbar's menus; a submenu lists the areas below its page. Labels are `shell:routes.<name>`. */
export const MENUS: readonly Menu[] = [
  { key: 'live', route: 'cams', items: ['cams', 'newGirls', 'freeChat', 'categories', 'camShows', 'topCams'] },
  {
    key: 'videos',
    route: 'videos',
    items: ['videos', 'allVideos', 'newVideos', 'videoTrends', 'onSale', 'freeClips', 'vipVideos', 'videoStars'],
  },
  {
    key: 'tv',
    route: 'tvLivestream',
    items: ['tvLivestream', 'tvPremiumLivestream', 'tvLateNight', 'tvSeriesOverview', 'tvProgram'],
  },
  { key: 'feed', route: 'feed', items: [] },
  { key: 'messenger', route: 'messenger', items: [] },
  { key: 'specials', route: 'dailyDeals', items: ['dailyDeals', 'contests', 'clashOfCams', 'highOnRose', 'blog'] },
  { key: 'vip', route: 'vipClub', items: [] },
];

/** Only pages a running remote (or the shell) serves are linked: nothing on screen leads nowhere. */
export function visibleMenus(remotes: readonly ManifestRemote[]): Menu[] {
  const serves = (name: RouteName) => {
    const { owner } = routeByName(name);
    return owner === 'shell' || remotes.some((remote) => remote.name === owner);
  };
  return MENUS.filter((menu) => serves(menu.route)).map((menu) => ({ ...menu, items: menu.items.filter(serves) }));
}
