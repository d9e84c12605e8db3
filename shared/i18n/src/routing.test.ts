import {
  DECLARED_ROUTES,
  LANGUAGES,
  SHELL_ROUTES,
  slugsFor,
  type RouteArgs,
  type RouteDefinition,
  type RouteName,
} from '@velvet/contracts';
import { installRouteTable, matchPath, pathFor, routeNamed, switchLanguage } from './routing';

/** Sample arguments for every parameter the route table uses. */
const SAMPLE: Record<string, string> = {
  actorName: 'anna-maria',
  videoId: '4711',
  albumId: '815',
  tagGroup: 'outdoor',
  categorySlug: 'milf',
  searchPattern: 'red dress & shoes',
  key: 'season-2',
  series: 'late-show',
  contestId: '12',
  slug: 'summer-news',
  promo: 'easter',
  eventSlug: 'wiesn-shooting',
};
const argsOf = (path: string): RouteArgs =>
  Object.fromEntries([...path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => [name!, SAMPLE[name!] ?? 'x']));

describe('route table round trip', () => {
  for (const language of LANGUAGES) {
    for (const route of DECLARED_ROUTES) {
      const args = argsOf(route.path.en);
      it(`${language} ${route.name}`, () => {
        const path = pathFor(route.name, args, language);
        expect(path.startsWith(`/${language}/`)).toBe(true);
        expect(path.endsWith('/')).toBe(true);
        expect(matchPath(path)).toEqual({ name: route.name, args, language });
        expect(matchPath(path.replace(/\/$/, ''))).toEqual({ name: route.name, args, language });
      });
    }
  }
});

describe('pathFor', () => {
  it('uses the language slugs, English ones for nl', () => {
    expect(pathFor('newGirls', {}, 'de')).toBe('/de/neue-girls/');
    expect(pathFor('newGirls', {}, 'es')).toBe('/es/chicas-nuevas/');
    expect(pathFor('newGirls', {}, 'nl')).toBe('/nl/new-girls/');
    expect(
      slugsFor(
        DECLARED_ROUTES.find((r) => r.name === 'newGirls')!,
        'nl',
      ),
    ).toBe('new-girls');
  });
  it('makes the start page /<lang>/', () => {
    expect(pathFor('home', {}, 'de')).toBe('/de/');
  });
  it('lower-cases actor names and encodes arguments', () => {
    expect(pathFor('actorProfile', { actorName: 'AnnaMaria' }, 'en')).toBe('/en/amateur/annamaria/');
    expect(pathFor('videoSearch', { searchPattern: 'a/b c' }, 'en')).toBe('/en/search/videos/a%2Fb%20c/');
  });
  it('throws when an argument is missing', () => {
    expect(() => pathFor('actorProfile', {}, 'en')).toThrow();
  });
});

describe('matchPath', () => {
  it('treats / and /<lang>/ as home', () => {
    expect(matchPath('/')).toEqual({ name: 'home', args: {}, language: 'en' });
    expect(matchPath('/es/')).toEqual({ name: 'home', args: {}, language: 'es' });
    expect(matchPath('/nl')).toEqual({ name: 'home', args: {}, language: 'nl' });
  });
  it('decodes arguments and lower-cases actor names', () => {
    expect(matchPath('/de/amateur/AnnaMaria/videos/42/')).toEqual({
      name: 'videoDetails',
      args: { actorName: 'annamaria', videoId: '42' },
      language: 'de',
    });
    expect(matchPath('/en/search/videos/red%20dress/')).toMatchObject({ args: { searchPattern: 'red dress' } });
  });
  it('prefers specific routes over generic ones', () => {
    expect(matchPath('/en/amateur/anna/videos/classic/')?.name).toBe('actorClassicVideos');
    expect(matchPath('/en/amateur/anna/videos/')?.name).toBe('actorVideos');
    expect(matchPath('/de/magazin/aktion/easter/')?.name).toBe('magazinePromo');
  });
  it('answers null for unknown languages, unknown paths, other languages slugs and bad escapes', () => {
    expect(matchPath('/fr/')).toBeNull();
    expect(matchPath('/en/nowhere/')).toBeNull();
    expect(matchPath('/de/new-girls/')).toBeNull();
    expect(matchPath('/en/amateur/%E0%A4%A/')).toBeNull();
  });
  it('ignores query and hash', () => {
    expect(matchPath('/en/cams/?scrollTo=top#x')?.name).toBe('cams');
  });
});

describe('switchLanguage', () => {
  it('keeps the page and its arguments, changes the slugs', () => {
    const current = matchPath('/de/amateur/anna/fotos/815/')!;
    expect(switchLanguage(current, 'en')).toBe('/en/amateur/anna/pictures/815/');
    expect(switchLanguage(current, 'es')).toBe('/es/amateur/anna/fotos/815/');
    expect(switchLanguage(current, 'nl')).toBe('/nl/amateur/anna/pictures/815/');
  });
});

describe('installRouteTable', () => {
  afterEach(() => installRouteTable(DECLARED_ROUTES));

  it('matches the most specific route whatever the order of declaration', () => {
    installRouteTable([...DECLARED_ROUTES].reverse());
    expect(matchPath('/en/amateur/anna/videos/classic/')?.name).toBe('actorClassicVideos');
    expect(matchPath('/en/amateur/anna/videos/42/')?.name).toBe('videoDetails');
    expect(matchPath('/de/magazin/aktion/easter/')?.name).toBe('magazinePromo');
    expect(matchPath('/de/magazin/easter/')?.name).toBe('blogArticle');
    expect(matchPath('/en/videos/all-videos/')?.name).toBe('allVideos');
  });

  it('serves only the installed routes, and a route deployed after the build', () => {
    const game: RouteDefinition = {
      name: 'bingo',
      owner: 'mf-specials',
      path: { de: 'spiele/bingo', en: 'games/bingo', es: 'juegos/bingo' },
    };
    installRouteTable([...SHELL_ROUTES, game]);
    expect(matchPath('/en/cams/')).toBeNull();
    expect(routeNamed('cams')).toBeUndefined();
    expect(routeNamed('bingo')).toBe(game);
    expect(matchPath('/es/juegos/bingo/')).toEqual({ name: 'bingo', args: {}, language: 'es' });
    expect(pathFor('bingo' as RouteName, {}, 'nl')).toBe('/nl/games/bingo/');
    // a link to a page of a remote that is off keeps its build-time slugs instead of failing the render
    expect(pathFor('cams', {}, 'de')).toBe('/de/cams/');
  });
});
