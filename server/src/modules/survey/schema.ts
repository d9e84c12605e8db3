import { boolean, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { guestKey } from '../auth/keys';

/** Every stored answer of the feedback survey. */
export const feedbackAnswers = pgTable('feedback_answers', {
  id: serial('id').primaryKey(),
  guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
  at: timestamp('at', { withTimezone: true }).notNull(),
  currentUrl: text('current_url').notNull(),
  mobile: boolean('mobile').notNull(),
  feedback: text('feedback').notNull(),
  email: text('email'),
  rating: integer('rating').notNull(),
});

/** A guest's latest stored feedback answer: the time limit is checked and moved on this row in one statement. */
export const feedbackLatest = pgTable('feedback_latest', {
  guestId: uuid('guest_id').primaryKey().references(guestKey, { onDelete: 'cascade' }),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

/** A guest's rating of a feature, once per feature. */
export const featureFeedback = pgTable(
  'feature_feedback',
  {
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    featureId: text('feature_id').notNull(),
    rating: integer('rating').notNull(),
    text: text('text'),
    url: text('url').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.guestId, table.featureId] })],
);
