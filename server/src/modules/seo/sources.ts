import { DEFAULT_LANGUAGE, type Language } from '@velvet/contracts';
import { HttpError } from '../../http/endpoint';
import { ageGate } from '../auth/age';
import type { ModuleContext } from '../module';
import { albumById, releasedAlbumRefs, releasedVideoRefs, videoById } from '../media/service';
import { performerProfile, listCategories, performerNames } from '../performers/service';
import { blogArticle, publishedBlogPosts } from '../specials/service';
import { article as tvArticle, articleRefs, episodeRefs, format, seriesKeys, video as tvVideo } from '../tv/service';

/** One page of a route: its arguments and, where the data has one, the date it last changed. */
export interface PageRef {
  args: Record<string, string>;
  lastmod?: Date;
}

/** A part of the sitemap listing one route's pages, read from the module that owns them. */
export interface PageSource {
  part: string;
  route: string;
  args: readonly string[];
  pages: (ctx: ModuleContext) => Promise<PageRef[]>;
}

/** The catalogue's pages by part; a part is listed only where the tenant's route table serves its route. */
export const PAGE_SOURCES: readonly PageSource[] = [
  {
    part: 'performers',
    route: 'actorProfile',
    args: ['actorName'],
    pages: async (ctx) => (await performerNames(ctx.db)).map((name) => ({ args: { actorName: name } })),
  },
  {
    part: 'videos',
    route: 'videoDetails',
    args: ['actorName', 'videoId'],
    pages: async (ctx) =>
      (await releasedVideoRefs(ctx.db, ctx.now())).map((video) => ({
        args: { actorName: video.actorName, videoId: String(video.id) },
        lastmod: video.releasedAt,
      })),
  },
  {
    part: 'albums',
    route: 'albumDetails',
    args: ['actorName', 'albumId'],
    pages: async (ctx) =>
      (await releasedAlbumRefs(ctx.db, ctx.now())).map((album) => ({
        args: { actorName: album.actorName, albumId: String(album.id) },
        lastmod: album.releasedAt,
      })),
  },
  {
    part: 'categories',
    route: 'category',
    args: ['categorySlug'],
    // A category's slug is the same in every language; the names are not needed here.
    pages: async (ctx) =>
      (await listCategories(ctx.db, DEFAULT_LANGUAGE, ctx.now())).map((category) => ({
        args: { categorySlug: category.slug },
      })),
  },
  {
    part: 'tv',
    route: 'tvSeries',
    args: ['series'],
    pages: async (ctx) =>
      (await seriesKeys(ctx.db, ctx.now())).map((series) => ({
        args: { series: series.key },
        ...(series.latestEpisodeAt ? { lastmod: series.latestEpisodeAt } : {}),
      })),
  },
  {
    part: 'tv-episodes',
    route: 'tvVideo',
    args: ['key', 'episodeId'],
    pages: async (ctx) =>
      (await episodeRefs(ctx.db, ctx.now())).map((episode) => ({
        args: { key: episode.seriesKey, episodeId: String(episode.id) },
        lastmod: episode.publishedAt,
      })),
  },
  {
    part: 'tv-articles',
    route: 'tvArticle',
    args: ['slug'],
    pages: async (ctx) =>
      (await articleRefs(ctx.db, ctx.now())).map((article) => ({
        args: { slug: article.slug },
        lastmod: article.publishedAt,
      })),
  },
  {
    part: 'blog',
    route: 'blogArticle',
    args: ['slug'],
    pages: async (ctx) =>
      (await publishedBlogPosts(ctx.db, ctx.now())).map((post) => ({
        args: { slug: post.slug },
        lastmod: post.published,
      })),
  },
];

/** What a page's head tells of the performer it shows: the same for every visitor (no personal data). */
export interface PerformerFacts {
  name: string;
  displayName: string;
  age: number;
  /** ISO 3166 alpha-2. */
  country: string;
  threeWords: string;
  avatarUrl: string;
}

/** An anonymous visitor: the head of a page is the same for everyone, so it may be kept and shared. */
const anonymous = async (ctx: ModuleContext, language: Language) => ({
  now: ctx.now(),
  language,
  country: null,
  guestId: null,
  ticketActorIds: new Set<number>(),
  chatVouchers: [],
  gate: await ageGate(ctx, null),
});

/** A lookup's answer, or null where the owning module answers 404 (the page's entity does not exist). */
async function orNull<T>(lookup: Promise<T>): Promise<T | null> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return null;
    throw error;
  }
}

/** The entities a page's head names, read through the owning modules; null for one that does not exist. */
export const ENTITIES = {
  performer: async (ctx: ModuleContext, name: string, language: Language): Promise<PerformerFacts | null> => {
    const profile = await orNull(performerProfile(ctx.db, name, await anonymous(ctx, language)));
    if (!profile) return null;
    const { age, country, threeWords } = profile.profile;
    return {
      name: profile.name,
      displayName: profile.displayName,
      age,
      country,
      threeWords,
      avatarUrl: profile.avatar.url,
    };
  },
  video: (ctx: ModuleContext, id: number) => orNull(videoById(ctx, null, id)),
  album: (ctx: ModuleContext, id: number) => orNull(albumById(ctx, null, id)),
  category: async (ctx: ModuleContext, slug: string, language: Language) =>
    (await listCategories(ctx.db, language, ctx.now())).find((category) => category.slug === slug) ?? null,
  tvSeries: async (ctx: ModuleContext, key: string) => (await orNull(format(ctx.db, key)))?.series ?? null,
  tvVideo: async (ctx: ModuleContext, id: number) => (await orNull(tvVideo(ctx.db, id)))?.video ?? null,
  /** A TV article in the page's language, shaped like a blog post's head facts. */
  tvArticle: async (ctx: ModuleContext, slug: string, language: Language) => {
    const post = (await orNull(tvArticle(ctx.db, slug, ctx.now())))?.post;
    return post ? { title: post.title[language], teaser: post.teaser[language], imageUrl: post.imageUrl } : null;
  },
  blogPost: async (ctx: ModuleContext, slug: string, language: Language) =>
    // a crawler reads the page as a visitor: rated performers' avatars blurred
    (await orNull(blogArticle(ctx.db, await ageGate(ctx, null), slug, ctx.now(), language)))?.post ?? null,
};
