/**
 * The route table: the only place routes are defined. Each route has a slug per language (de, en, es);
 * nl uses the English slugs under /nl/. Paths carry no language prefix and no slashes at either end.
 * Order matters: the first route whose path matches a URL wins, so specific paths come before generic ones.
 */
export const LANGUAGES = ['de', 'en', 'nl', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const REMOTE_NAMES = [
  'mf-chat',
  'mf-messenger',
  'mf-media',
  'mf-tv',
  'mf-feed',
  'mf-specials',
  'mf-account',
] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
export type RouteOwner = 'shell' | RemoteName;

export interface RouteDefinition {
  name: string;
  owner: RouteOwner;
  /** Slugs per language; params are written `:name`. The empty string is the start page. */
  path: { de: string; en: string; es: string };
}

const same = (path: string) => ({ de: path, en: path, es: path });

export const ROUTES = [
  { name: 'home', owner: 'shell', path: same('') },
  { name: 'termsOfService', owner: 'shell', path: { de: 'agb', en: 'terms-of-service', es: 'terminos-de-servicio' } },
  {
    name: 'dataProtection',
    owner: 'shell',
    path: { de: 'datenschutz', en: 'data-protection', es: 'proteccion-de-datos' },
  },
  /** The operator console (operator role): tenants, features, remote versions, canaries, health, deployments. */
  { name: 'operatorConsole', owner: 'shell', path: { de: 'betreiber', en: 'operator', es: 'operador' } },

  // mf-media owns video and album pages, also below a performer's profile.
  {
    name: 'albumDetails',
    owner: 'mf-media',
    path: {
      de: 'amateur/:actorName/fotos/:albumId',
      en: 'amateur/:actorName/pictures/:albumId',
      es: 'amateur/:actorName/fotos/:albumId',
    },
  },

  { name: 'newGirls', owner: 'mf-chat', path: { de: 'neue-girls', en: 'new-girls', es: 'chicas-nuevas' } },
  {
    name: 'actorAbout',
    owner: 'mf-chat',
    path: { de: 'amateur/:actorName/ueber-mich', en: 'amateur/:actorName/about-me', es: 'amateur/:actorName/sobre-mi' },
  },
  {
    name: 'actorClassicVideos',
    owner: 'mf-chat',
    path: {
      de: 'amateur/:actorName/videos/klassisch',
      en: 'amateur/:actorName/videos/classic',
      es: 'amateur/:actorName/videos/clasicos',
    },
  },
  // After actorClassicVideos: 'videos/classic' is that page, not a video with id "classic".
  {
    name: 'videoDetails',
    owner: 'mf-media',
    path: same('amateur/:actorName/videos/:videoId'),
  },
  {
    name: 'actorVideosByTag',
    owner: 'mf-chat',
    path: {
      de: 'amateur/:actorName/videos/tag/:tagGroup',
      en: 'amateur/:actorName/videos/tag/:tagGroup',
      es: 'amateur/:actorName/videos/etiqueta/:tagGroup',
    },
  },
  { name: 'actorVideos', owner: 'mf-chat', path: same('amateur/:actorName/videos') },
  {
    name: 'actorPictures',
    owner: 'mf-chat',
    path: { de: 'amateur/:actorName/fotos', en: 'amateur/:actorName/pictures', es: 'amateur/:actorName/fotos' },
  },
  {
    name: 'actorLiveShow',
    owner: 'mf-chat',
    path: {
      de: 'amateur/:actorName/live-show',
      en: 'amateur/:actorName/live-show',
      es: 'amateur/:actorName/show-en-vivo',
    },
  },
  { name: 'actorTopCams', owner: 'mf-chat', path: same('amateur/:actorName/top-cams') },
  /** The live chat with a performer: preview, private chat, voyeur, free chat (the chat button leads here). */
  { name: 'actorChat', owner: 'mf-chat', path: same('amateur/:actorName/chat') },
  { name: 'actorProfile', owner: 'mf-chat', path: same('amateur/:actorName') },
  { name: 'freeChat', owner: 'mf-chat', path: { de: 'gratis-chat', en: 'free-chat', es: 'chat-gratis' } },
  { name: 'cams', owner: 'mf-chat', path: same('cams') },
  { name: 'categories', owner: 'mf-chat', path: { de: 'kategorien', en: 'categories', es: 'categorias' } },
  {
    name: 'category',
    owner: 'mf-chat',
    path: { de: 'kategorien/:categorySlug', en: 'categories/:categorySlug', es: 'categorias/:categorySlug' },
  },
  { name: 'camShows', owner: 'mf-chat', path: { de: 'cam-shows', en: 'cam-shows', es: 'shows-de-cam' } },
  { name: 'topCams', owner: 'mf-chat', path: same('top-cams') },

  {
    name: 'videoSearch',
    owner: 'mf-media',
    path: { de: 'suche/videos/:searchPattern', en: 'search/videos/:searchPattern', es: 'buscar/videos/:searchPattern' },
  },
  { name: 'videos', owner: 'mf-media', path: same('videos') },
  {
    name: 'allVideos',
    owner: 'mf-media',
    path: { de: 'videos/alle-videos', en: 'videos/all-videos', es: 'videos/todos-los-videos' },
  },
  {
    name: 'freeClips',
    owner: 'mf-media',
    path: { de: 'videos/gratis-clips', en: 'videos/free-clips', es: 'videos/clips-gratis' },
  },
  {
    name: 'videoTrends',
    owner: 'mf-media',
    path: { de: 'videos/video-trends', en: 'videos/video-trends', es: 'videos/tendencias' },
  },
  {
    name: 'onSale',
    owner: 'mf-media',
    path: { de: 'videos/im-angebot', en: 'videos/on-sale', es: 'videos/en-oferta' },
  },
  {
    name: 'newVideos',
    owner: 'mf-media',
    path: { de: 'videos/neue-videos', en: 'videos/new-videos', es: 'videos/videos-nuevos' },
  },
  { name: 'vipVideos', owner: 'mf-media', path: same('videos/vip-videos') },
  { name: 'videoStars', owner: 'mf-media', path: { de: 'videos/stars', en: 'videos/stars', es: 'videos/estrellas' } },
  {
    name: 'mediathekPhotos',
    owner: 'mf-media',
    path: { de: 'myvisitx/mediathek/fotos', en: 'myvisitx/mediathek/photos', es: 'myvisitx/mediateca/fotos' },
  },
  {
    name: 'mediathek',
    owner: 'mf-media',
    path: { de: 'myvisitx/mediathek', en: 'myvisitx/mediathek', es: 'myvisitx/mediateca' },
  },

  { name: 'messenger', owner: 'mf-messenger', path: { de: 'messenger', en: 'messenger', es: 'mensajero' } },

  { name: 'tvLivestream', owner: 'mf-tv', path: same('tv/livestream') },
  { name: 'tvPremiumLivestream', owner: 'mf-tv', path: same('tv/premium/livestream') },
  { name: 'tvLateNight', owner: 'mf-tv', path: { de: 'tv/late-night', en: 'tv/late-night', es: 'tv/noche' } },
  {
    name: 'tvSeriesVideos',
    owner: 'mf-tv',
    path: { de: 'tv/mediathek/:key/videos', en: 'tv/mediathek/:key/videos', es: 'tv/mediateca/:key/videos' },
  },
  {
    name: 'tvSeries',
    owner: 'mf-tv',
    path: { de: 'tv/mediathek/:series', en: 'tv/mediathek/:series', es: 'tv/mediateca/:series' },
  },
  { name: 'tvSeriesOverview', owner: 'mf-tv', path: { de: 'tv/mediathek', en: 'tv/mediathek', es: 'tv/mediateca' } },
  { name: 'tvProgram', owner: 'mf-tv', path: { de: 'tv/programm', en: 'tv/program', es: 'tv/programa' } },

  // The spec keys the es feed route under nl by mistake; es gets its own entry here.
  { name: 'feed', owner: 'mf-feed', path: same('feed') },

  { name: 'dailyDeals', owner: 'mf-specials', path: { de: 'tagesangebote', en: 'daily-deals', es: 'ofertas-del-dia' } },
  {
    name: 'contest',
    owner: 'mf-specials',
    path: { de: 'wettbewerbe/:contestId', en: 'contests/:contestId', es: 'concursos/:contestId' },
  },
  { name: 'contests', owner: 'mf-specials', path: { de: 'wettbewerbe', en: 'contests', es: 'concursos' } },
  { name: 'highOnRose', owner: 'mf-specials', path: same('high-on-rose') },
  { name: 'clashOfCams', owner: 'mf-specials', path: same('clash-of-cams') },
  { name: 'blogArticle', owner: 'mf-specials', path: { de: 'magazin/:slug', en: 'blog/:slug', es: 'revista/:slug' } },
  { name: 'blog', owner: 'mf-specials', path: { de: 'magazin', en: 'blog', es: 'revista' } },
  {
    name: 'magazinePromo',
    owner: 'mf-specials',
    path: { de: 'magazin/aktion/:promo', en: 'blog/promo/:promo', es: 'revista/promo/:promo' },
  },
  {
    name: 'specialEvent',
    owner: 'mf-specials',
    path: { de: 'events/:eventSlug', en: 'events/:eventSlug', es: 'eventos/:eventSlug' },
  },

  {
    name: 'myAccountProfile',
    owner: 'mf-account',
    path: { de: 'myvisitx/profil', en: 'myvisitx/profile', es: 'myvisitx/perfil' },
  },
  {
    name: 'myAccountSpinwheel',
    owner: 'mf-account',
    path: { de: 'myvisitx/gluecksrad', en: 'myvisitx/spinwheel', es: 'myvisitx/ruleta' },
  },
  {
    name: 'myAccountBenefits',
    owner: 'mf-account',
    path: { de: 'myvisitx/vorteile', en: 'myvisitx/benefits', es: 'myvisitx/beneficios' },
  },
  { name: 'myAccount', owner: 'mf-account', path: same('myvisitx') },
  { name: 'vipClub', owner: 'mf-account', path: same('vipclub') },
] as const satisfies readonly RouteDefinition[];

export type RouteName = (typeof ROUTES)[number]['name'];
export type RouteArgs = Record<string, string>;

/** The current page, as stored for everyone: route name, arguments and the language of the URL. */
export interface CurrentRoute {
  name: RouteName;
  args: RouteArgs;
  language: Language;
  /** The `scrollTo` query parameter: id of the element to scroll to after render. */
  scrollTo?: string;
}

export function routeByName(name: RouteName): RouteDefinition {
  const route = ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route;
}

/** Slugs of a route in a language: nl reads the English ones. */
export function slugsFor(route: RouteDefinition, language: Language): string {
  return language === 'nl' ? route.path.en : route.path[language];
}

export function routesOwnedBy(owner: RouteOwner): RouteDefinition[] {
  return ROUTES.filter((r) => r.owner === owner);
}
