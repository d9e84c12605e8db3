import { eq, max } from 'drizzle-orm';
import { TV_PROGRAM_TYPES, type TvProgramType } from '@velvet/contracts';
import type { ModuleContext } from '../module';
import { listPerformerCards } from '../performers/catalogue';
import {
  EPISODE_WORDS,
  PROGRAM_DAYS_AHEAD,
  SERIES,
  SHOW_FORMATS,
  SLOT_HOURS,
  TV_ARTICLES,
  episodeTitle,
  isLateNightHour,
} from './catalogue';
import { tvArticleActors, tvArticles, tvEpisodes, tvProgram, tvProgramActors, tvSeries } from './schema';
import { LATE_NIGHT_HEADER_KEYS } from './service';

const HOUR = 3600_000;

/** Start of the slot that contains `time`: slots are aligned to whole UTC hours (premium to even hours). */
const slotStart = (time: Date, hours: number) => new Date(Math.floor(time.getTime() / (hours * HOUR)) * hours * HOUR);

/**
 * Keeps each channel's schedule filled from the running slot to PROGRAM_DAYS_AHEAD days ahead. Runs at seed
 * time and then hourly, so a long-running demo never runs out of programme.
 */
export async function ensureProgram(ctx: ModuleContext): Promise<number> {
  const now = ctx.now();
  const hosts = await listPerformerCards(ctx.db);
  let created = 0;
  for (const type of TV_PROGRAM_TYPES) {
    const hours = SLOT_HOURS[type];
    const [latest] = await ctx.db
      .select({ lastEnd: max(tvProgram.end) })
      .from(tvProgram)
      .where(eq(tvProgram.type, type));
    const first = slotStart(now, hours);
    const lastEnd = latest?.lastEnd;
    let begin = lastEnd && lastEnd > first ? lastEnd : first;
    const until = new Date(now.getTime() + PROGRAM_DAYS_AHEAD * 24 * HOUR);
    const rows: (typeof tvProgram.$inferInsert)[] = [];
    const hostsOf: number[][] = [];
    while (begin < until) {
      const slot = Math.floor(begin.getTime() / (hours * HOUR));
      const lateNight = isLateNightHour(begin.getUTCHours());
      const formats = SHOW_FORMATS[type].filter((show) => show.lateNight === lateNight);
      const show = formats[slot % formats.length]!;
      rows.push({
        type,
        titleDe: show.title.de,
        titleEn: show.title.en,
        textDe: show.text.de,
        textEn: show.text.en,
        begin,
        end: new Date(begin.getTime() + hours * HOUR),
        imageUrl: await showImage(ctx, type, show.key, show.title.en),
        lateNight,
      });
      hostsOf.push(pickHosts(hosts, slot));
      begin = new Date(begin.getTime() + hours * HOUR);
    }
    if (!rows.length) continue;
    const inserted = await ctx.db.insert(tvProgram).values(rows).returning({ id: tvProgram.id });
    const links = inserted.flatMap((row, index) => hostsOf[index]!.map((actorId) => ({ programId: row.id, actorId })));
    if (links.length) await ctx.db.insert(tvProgramActors).values(links);
    created += rows.length;
  }
  return created;
}

/** One or two hosts per slot, spread over all performers. */
function pickHosts(hosts: { id: number }[], slot: number): number[] {
  if (!hosts.length) return [];
  const first = hosts[(slot * 7) % hosts.length]!.id;
  const second = hosts[(slot * 13 + 5) % hosts.length]!.id;
  return slot % 3 === 0 && second !== first ? [first, second] : [first];
}

const showImage = (ctx: ModuleContext, type: TvProgramType, key: string, title: string) =>
  ctx.images.generate({
    key: `tv/shows/${type}-${key}`,
    width: 640,
    height: 360,
    title,
    subtitle: type === 'premium' ? 'Premium TV' : 'Live TV',
    seed: hash(key),
  });

const hash = (text: string) => [...text].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) >>> 0, 7);

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** 12 series per unit of scale, each with 6 to 16 episodes. */
async function seedSeries(ctx: ModuleContext, scale: number) {
  const seriesCount = Math.max(1, Math.round(SERIES.length * scale));
  const now = ctx.now().getTime();
  for (let index = 0; index < seriesCount; index++) {
    const season = Math.floor(index / SERIES.length) + 1;
    const { title: baseTitle, description } = SERIES[index % SERIES.length]!;
    const title = season > 1 ? `${baseTitle}: Season ${season}` : baseTitle;
    const key = slug(title);
    const previewImgUrl = await ctx.images.generate({
      key: `tv/series/${key}`,
      width: 640,
      height: 360,
      title,
      subtitle: 'Velvet TV',
      seed: hash(key),
    });
    const [series] = await ctx.db
      .insert(tvSeries)
      .values({
        key,
        title,
        description,
        previewImgUrl,
      })
      .returning({ id: tvSeries.id });
    if (!series) throw new Error(`tv seed: series ${key} was not inserted`);
    const episodeCount = 6 + ((index * 5) % 11);
    const episodes: (typeof tvEpisodes.$inferInsert)[] = [];
    for (let episode = 1; episode <= episodeCount; episode++) {
      episodes.push({
        seriesId: series.id,
        episode,
        title: episodeTitle(title, episode, EPISODE_WORDS[(index + episode) % EPISODE_WORDS.length]!),
        fsk: episode % 4 === 0 ? 16 : 18,
        duration: 1200 + ((index * 97 + episode * 131) % 1800),
        // the series' picture until the episode's own poster frame is taken from its clip (ensureEpisodePosters)
        previewPicture: previewImgUrl,
        publishedAt: new Date(now - (episodeCount - episode) * 7 * 24 * HOUR),
      });
    }
    await ctx.db.insert(tvEpisodes).values(episodes);
  }
}

export async function seedTv(ctx: ModuleContext, { scale }: { scale: number }) {
  for (const [index, key] of LATE_NIGHT_HEADER_KEYS.entries()) {
    await ctx.images.generate({
      key,
      width: 1280,
      height: 360,
      title: 'Late Night',
      subtitle: 'Velvet TV',
      seed: 900 + index,
    });
  }
  await seedSeries(ctx, scale);
  await seedArticles(ctx);
  await ensureProgram(ctx);
}

/** The TV articles, one a week up to now, each about two or three performers. */
async function seedArticles(ctx: ModuleContext) {
  const hosts = await listPerformerCards(ctx.db);
  const now = ctx.now().getTime();
  for (const [index, article] of TV_ARTICLES.entries()) {
    const imageUrl = await ctx.images.generate({
      key: `tv/articles/${article.slug}`,
      width: 640,
      height: 360,
      title: article.title.en,
      subtitle: 'Velvet TV',
      seed: hash(article.slug),
    });
    const [row] = await ctx.db
      .insert(tvArticles)
      .values({ ...article, imageUrl, publishedAt: new Date(now - (TV_ARTICLES.length - index) * 7 * 24 * HOUR) })
      .returning({ id: tvArticles.id });
    const models = new Set(hosts.length ? [0, 1, 2].map((n) => hosts[(index * 11 + n * 5) % hosts.length]!.id) : []);
    if (row && models.size)
      await ctx.db.insert(tvArticleActors).values([...models].map((actorId) => ({ articleId: row.id, actorId })));
  }
}
