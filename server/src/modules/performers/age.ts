import { eq, gt } from 'drizzle-orm';
import { FREE_AGE_RATING } from '@velvet/contracts';
import type { AgeGate } from '../auth/age';
import type { ModuleContext } from '../module';
import type { PerformerCard } from './catalogue';
import { actors, actorSedcards } from './schema';

/**
 * Puts the avatar and sedcards of every performer rated above the free rating of images behind the age check.
 * Their URLs go out from many answers, so the plain URL shows everyone the blurred variant and only the answers
 * that pass the age gate sign the original for a verified guest. Runs at every start and after the seed.
 */
export async function restrictRatedPerformers(ctx: Pick<ModuleContext, 'db' | 'images'>): Promise<void> {
  const rated = gt(actors.ageRating, FREE_AGE_RATING.image);
  const [avatars, sedcards] = await Promise.all([
    ctx.db.select({ url: actors.avatarUrl }).from(actors).where(rated),
    ctx.db
      .select({ url: actorSedcards.url })
      .from(actorSedcards)
      .innerJoin(actors, eq(actors.id, actorSedcards.actorId))
      .where(rated),
  ]);
  for (const { url } of [...avatars, ...sedcards]) await ctx.images.restrict(url, 'blurred');
}

/**
 * A performer's avatar as this caller may see it, in every answer that shows it: the original (signed) for a
 * verified guest when she is rated above the free rating of images, the blurred variant for everyone else.
 */
export function performerAvatar(gate: AgeGate, card: Pick<PerformerCard, 'avatarUrl' | 'ageRating'>): string {
  return gate.image(card.avatarUrl, card.ageRating);
}
