import { asc, eq, lte } from 'drizzle-orm';
import {
  FEEDBACK_SURVEY_INTERVAL_MS,
  type FeatureFeedbackInput,
  type FeedbackSurveyAnswer,
  type FeedbackSurveyData,
  type FeedbackSurveyResult,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { featureFeedback, feedbackAnswers, feedbackLatest } from './schema';

/** Whether the guest may answer the feedback survey now, and from when again if not. */
export async function feedbackSurveyData(db: Database, guestId: string, now: Date): Promise<FeedbackSurveyData> {
  const [latest] = await db.select().from(feedbackLatest).where(eq(feedbackLatest.guestId, guestId));
  const openFrom = latest ? latest.at.getTime() + FEEDBACK_SURVEY_INTERVAL_MS : 0;
  return openFrom <= now.getTime()
    ? { open: true, openFrom: null }
    : { open: false, openFrom: new Date(openFrom).toISOString() };
}

/**
 * Stores an answer unless the guest's last one is younger than FEEDBACK_SURVEY_INTERVAL_MS (then timeLimit). The
 * check and the new time are one upsert on the guest's row, so answers sent at once store one.
 */
export async function storeFeedbackAnswer(
  db: Database,
  guestId: string,
  answer: FeedbackSurveyAnswer,
  now: Date,
): Promise<FeedbackSurveyResult> {
  const cutoff = new Date(now.getTime() - FEEDBACK_SURVEY_INTERVAL_MS);
  return db.transaction(async (tx) => {
    const moved = await tx
      .insert(feedbackLatest)
      .values({ guestId, at: now })
      .onConflictDoUpdate({
        target: feedbackLatest.guestId,
        set: { at: now },
        setWhere: lte(feedbackLatest.at, cutoff),
      })
      .returning({ guestId: feedbackLatest.guestId });
    if (moved.length === 0) return { stored: false, timeLimit: true };
    await tx.insert(feedbackAnswers).values({
      guestId,
      at: now,
      currentUrl: answer.currentUrl,
      mobile: answer.mobile,
      feedback: answer.feedback,
      email: answer.email?.email ?? null,
      rating: answer.rating,
    });
    return { stored: true, timeLimit: false };
  });
}

/** The features the guest rated, in the order of their ids. */
export async function featureFeedbackIds(db: Database, guestId: string): Promise<string[]> {
  const rows = await db
    .select({ featureId: featureFeedback.featureId })
    .from(featureFeedback)
    .where(eq(featureFeedback.guestId, guestId))
    .orderBy(asc(featureFeedback.featureId));
  return rows.map((row) => row.featureId);
}

/** Stores a guest's rating of a feature: true, or false when she rated it before (the first rating stays). */
export async function storeFeatureFeedback(
  db: Database,
  guestId: string,
  input: FeatureFeedbackInput,
  now: Date,
): Promise<boolean> {
  const stored = await db
    .insert(featureFeedback)
    .values({ guestId, ...input, text: input.text || null, at: now })
    .onConflictDoNothing()
    .returning({ featureId: featureFeedback.featureId });
  return stored.length > 0;
}
