import { DEFAULT_LANGUAGE } from '@velvet/contracts';
import type { ModuleContext } from '../module';
import { releasedAlbumRefs, releasedVideoRefs } from '../media/service';
import { listCategories, performerNames } from '../performers/service';
import { publishedBlogPosts } from '../specials/service';
import { seriesKeys } from '../tv/service';

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
