import { and, eq } from 'drizzle-orm';
import { LANGUAGES, VIDEO_TAGS, type ActorSeoContent, type Language } from '@velvet/contracts';
import { holdsDemoData } from '../../db/seed';
import { HttpError } from '../../http/endpoint';
import type { ModuleContext } from '../module';
import { performerSketches } from '../performers/service';
import { actorSeoTexts } from './schema';
import { requiredText } from './texts';

/** The tag groups a demo performer has SEO texts for. */
const TAG_GROUPS_PER_PERFORMER = 3;

/**
 * The demo SEO texts: for every performer three tag groups (picked by her id, so each start picks the same), in
 * every language, written from her name and self-description. A performer already described keeps her texts.
 */
export async function seedActorSeoTexts(ctx: ModuleContext): Promise<void> {
  const performers = await performerSketches(ctx.db);
  const rows = performers.flatMap((performer) =>
    Array.from({ length: TAG_GROUPS_PER_PERFORMER }, (_, index) => {
      const tagGroup = VIDEO_TAGS[(performer.id * 7 + index * 5) % VIDEO_TAGS.length]!;
      return LANGUAGES.map((language) => {
        const values = {
          name: performer.displayName,
          tag: requiredText(language, `tags.${tagGroup}`),
          words: performer.threeWords,
        };
        return {
          actorId: performer.id,
          tagGroup,
          language,
          headline: requiredText(language, 'actorSeo.headline', values),
          paragraphs: [
            requiredText(language, 'actorSeo.paragraph1', values),
            requiredText(language, 'actorSeo.paragraph2', values),
          ],
        };
      });
    }).flat(),
  );
  for (let start = 0; start < rows.length; start += 500)
    await ctx.db
      .insert(actorSeoTexts)
      .values(rows.slice(start, start + 500))
      .onConflictDoNothing();
}

/**
 * A directory whose demo catalogue was seeded before the SEO texts existed gets them at its next start (the demo
 * seed runs once per database); one that has them, or holds no demo data, is left as it is.
 */
export async function fillMissingActorSeoTexts(ctx: ModuleContext): Promise<void> {
  if (!(await holdsDemoData(ctx.db))) return;
  const [any] = await ctx.db.select({ actorId: actorSeoTexts.actorId }).from(actorSeoTexts).limit(1);
  if (!any) await seedActorSeoTexts(ctx);
}

/** A performer's SEO text for a tag group in a language; 404 where she has none (or does not exist). */
export async function actorSeoContent(
  ctx: ModuleContext,
  actorId: number,
  tagGroup: ActorSeoContent['tagGroup'],
  language: Language,
): Promise<ActorSeoContent> {
  const [row] = await ctx.db
    .select()
    .from(actorSeoTexts)
    .where(
      and(
        eq(actorSeoTexts.actorId, actorId),
        eq(actorSeoTexts.tagGroup, tagGroup),
        eq(actorSeoTexts.language, language),
      ),
    );
  if (!row) throw new HttpError(404, 'NOT_FOUND', `Performer ${actorId} has no SEO text for ${tagGroup}`);
  return { actorId, tagGroup, language, headline: row.headline, paragraphs: row.paragraphs };
}
