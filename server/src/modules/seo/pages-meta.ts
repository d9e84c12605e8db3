import { slugsFor, type Language, type RouteDefinition } from '@velvet/contracts';
import type { ModuleContext } from '../module';
import { pagePath } from './pages';
import { ENTITIES, type PerformerFacts } from './sources';
import { pageText, requiredText } from './texts';

/** One step of a page's breadcrumb trail: its name and the route it links to (with the page's arguments). */
export interface Crumb {
  name: string;
  route: RouteDefinition;
}

/** What a page's head says about it, the same for every visitor: made from the route and its data. */
export interface PageMeta {
  title: string;
  description: string;
  /** The Open Graph type. */
  type: 'website' | 'profile' | 'video.other' | 'article';
  /** A picture of the page (performer avatar, video poster, series or article image), as stored. */
  image: string | null;
  /** Home first, the page itself last. */
  trail: Crumb[];
  /** A VideoObject's fields (schema.org) on a video page; its URLs as stored. */
  video: {
    name: string;
    description: string;
    thumbnailUrl: string;
    uploadDate: string;
    /** Seconds. */
    duration: number;
    contentUrl: string | null;
  } | null;
}

const segments = (slugs: string) => slugs.split('/').filter(Boolean);

/** Routes of the table whose slugs in `language` begin the route's own: its parents, shortest first. */
function parentsOf(routes: readonly RouteDefinition[], route: RouteDefinition, language: Language) {
  const own = segments(slugsFor(route, language));
  return routes
    .map((candidate) => ({ candidate, slugs: segments(slugsFor(candidate, language)) }))
    .filter(
      ({ candidate, slugs }) =>
        candidate !== route &&
        slugs.length > 0 &&
        slugs.length < own.length &&
        slugs.every((part, index) => part === own[index]),
    )
    .sort((a, b) => a.slugs.length - b.slugs.length)
    .map(({ candidate }) => candidate);
}

/** A description of at most the length search engines show. */
const clip = (text: string, length = 160) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= length ? flat : `${flat.slice(0, length - 1).trimEnd()}…`;
};

const countryName = (code: string, language: Language) => {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
};

const performerDescription = (performer: PerformerFacts, language: Language, brand: string) =>
  requiredText(language, 'performer.description', {
    name: performer.displayName,
    age: performer.age,
    country: countryName(performer.country, language),
    words: performer.threeWords,
    brand,
  });

/**
 * The head's facts of a page of `route` with `args` in `language`, or null when the performer, video, album,
 * category, TV series or blog post it names does not exist (the page is a 404). Each entity is read once, through
 * its owning module.
 */
export async function pageMeta(
  ctx: ModuleContext,
  brand: string,
  routes: readonly RouteDefinition[],
  route: RouteDefinition,
  args: Readonly<Record<string, string>>,
  language: Language,
): Promise<PageMeta | null> {
  const id = (value: string | undefined) => (value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : null);
  const needs = <T>(value: string | undefined, read: (value: string) => Promise<T | null>) =>
    value === undefined ? Promise.resolve(undefined) : read(value);
  const seriesKey = route.owner === 'mf-tv' ? (args.series ?? args.key) : undefined;
  const [performer, video, album, category, series, post, episode] = await Promise.all([
    needs(args.actorName, (name) => ENTITIES.performer(ctx, name, language)),
    needs(args.videoId, (value) => (id(value) === null ? Promise.resolve(null) : ENTITIES.video(ctx, id(value)!))),
    needs(args.albumId, (value) => (id(value) === null ? Promise.resolve(null) : ENTITIES.album(ctx, id(value)!))),
    needs(args.categorySlug, (slug) => ENTITIES.category(ctx, slug, language)),
    needs(seriesKey, (key) => ENTITIES.tvSeries(ctx, key)),
    needs(route.name === 'blogArticle' || route.name === 'tvArticle' ? args.slug : undefined, (slug) =>
      route.name === 'tvArticle' ? ENTITIES.tvArticle(ctx, slug, language) : ENTITIES.blogPost(ctx, slug, language),
    ),
    needs(args.episodeId, (value) => (id(value) === null ? Promise.resolve(null) : ENTITIES.tvVideo(ctx, id(value)!))),
  ]);
  if ([performer, video, album, category, series, post, episode].includes(null)) return null;
  // A TV episode shown under another series' key is no page either.
  if (episode && episode.seriesKey !== series?.key) return null;
  // A video or album shown under another performer's name is no page either.
  if ((video && video.model.name !== performer?.name) || (album && album.actor.name !== performer?.name)) return null;

  const routeName = (named: RouteDefinition) => pageText(language, `routes.${named.name}`);
  const withBrand = (page: string) => requiredText(language, 'titleWithBrand', { page, brand });
  const generic = (page: string | undefined) => ({
    title: page ? withBrand(page) : brand,
    description: page
      ? requiredText(language, 'pageDescription', { page, brand })
      : requiredText(language, 'siteDescription', { brand }),
  });

  // The page's own name in its trail and, where its data has one, its title, description and picture.
  let name = routeName(route);
  let facts: Pick<PageMeta, 'title' | 'description' | 'type' | 'image' | 'video'> = {
    ...generic(route.name === 'home' ? routeName(route) : name),
    type: 'website',
    image: null,
    video: null,
  };
  if (video) {
    name = video.title;
    facts = {
      title: withBrand(requiredText(language, 'video.title', { title: video.title, name: video.model.displayName })),
      description: clip(
        video.description || requiredText(language, 'video.description', { name: video.model.displayName, brand }),
      ),
      type: 'video.other',
      image: video.preview.url,
      video: {
        name: video.title,
        description: clip(video.description || video.title, 2000),
        thumbnailUrl: video.preview.url,
        uploadDate: video.releasedAt,
        duration: video.duration,
        // The clip is the preview everyone may watch; the bought video itself is never named, nor a preview
        // behind the age check.
        contentUrl: video.needAgeCheck ? null : (video.clip?.previewUrl ?? null),
      },
    };
  } else if (album) {
    name = album.title;
    facts = {
      title: withBrand(requiredText(language, 'album.title', { title: album.title, name: album.actor.displayName })),
      description: clip(
        album.description || requiredText(language, 'album.description', { name: album.actor.displayName, brand }),
      ),
      type: 'website',
      image: album.previews[0]?.url ?? null,
      video: null,
    };
  } else if (performer) {
    const profileTitle = requiredText(language, 'performer.title', { name: performer.displayName });
    if (route.name === 'actorProfile') name = performer.displayName;
    facts = {
      title:
        route.name === 'actorProfile' || !name
          ? withBrand(profileTitle)
          : requiredText(language, 'titleOfPerformerPage', { page: name, name: performer.displayName, brand }),
      description: performerDescription(performer, language, brand),
      type: 'profile',
      image: performer.avatarUrl,
      video: null,
    };
  } else if (category) {
    name = category.name;
    facts = {
      title: withBrand(requiredText(language, 'category.title', { name: category.name })),
      description: requiredText(language, 'category.description', { name: category.name, brand }),
      type: 'website',
      image: null,
      video: null,
    };
  } else if (episode) {
    name = episode.title[language];
    facts = {
      title: withBrand(name),
      description: requiredText(language, 'pageDescription', { page: name, brand }),
      type: 'website',
      image: episode.previewPicture,
      video: null,
    };
  } else if (series) {
    name = series.title;
    facts = {
      title: withBrand(requiredText(language, 'tvSeries.title', { title: series.title })),
      description: clip(
        series.description[language] || requiredText(language, 'pageDescription', { page: series.title, brand }),
      ),
      type: 'website',
      image: series.previewImgUrl || null,
      video: null,
    };
  } else if (post) {
    name = post.title;
    facts = {
      title: withBrand(post.title),
      description: clip(post.teaser || post.title),
      type: 'article',
      image: post.imageUrl || null,
      video: null,
    };
  }

  // Parents are named by their data where it is the same entity (the performer's profile, the series), else by
  // their route's name; a parent without a name in any language is left out of the trail.
  const parentName = (parent: RouteDefinition) =>
    parent.name === 'actorProfile' && performer
      ? performer.displayName
      : parent.name === 'tvSeries' && series
        ? series.title
        : routeName(parent);
  const home = routes.find((candidate) => candidate.name === 'home');
  const trail: Crumb[] = [
    ...(home && home !== route ? [{ name: brand, route: home }] : []),
    ...parentsOf(routes, route, language).flatMap((parent) => {
      const parentTitle = parentName(parent);
      return parentTitle ? [{ name: parentTitle, route: parent }] : [];
    }),
    ...(name && route !== home ? [{ name, route }] : []),
  ];
  return { ...facts, trail };
}

/** One step of a trail as it is shown and linked: its name, its site path (in the trail's language), its route. */
export interface TrailLink {
  name: string;
  path: string;
  route: string;
}

/**
 * The one builder of a page's breadcrumb links: the JSON-LD BreadcrumbList of the server-rendered head, the
 * `breadcrumb/{breadcrumbType}` answer and the trail shown on the page all come from it. A view inside the page (a
 * tab, a list) ends the trail with its name, linking to the page.
 */
export function trailLinks(
  trail: readonly Crumb[],
  language: Language,
  args: Readonly<Record<string, string>>,
  views: readonly string[] = [],
): TrailLink[] {
  const links = trail.map((crumb) => ({
    name: crumb.name,
    path: pagePath(crumb.route, language, args),
    route: crumb.route.name,
  }));
  const page = links.at(-1);
  return page ? [...links, ...views.map((name) => ({ ...page, name }))] : links;
}
