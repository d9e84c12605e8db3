import { MIN_RATINGS_TO_SHOW, type ActorRating } from '@velvet/contracts';

/** Spec: a performer's rating is shown only with at least MIN_RATINGS_TO_SHOW ratings. */
export const shownRating = (actor: { rating: ActorRating | null }): ActorRating | null =>
  actor.rating && actor.rating.count >= MIN_RATINGS_TO_SHOW ? actor.rating : null;
