import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { defineOperation } from '../graphql';

/** A guest answers the feedback survey at most once within this time; a second answer is refused (timeLimit). */
export const FEEDBACK_SURVEY_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Ratings of the feedback survey and of feature feedback: 1 (poor) to 5 (great). */
export const SURVEY_RATING_MAX = 5;
export const SURVEY_TEXT_MAX = 2_000;

const rating = z.number().int().min(1).max(SURVEY_RATING_MAX);
const pageUrl = z.string().min(1).max(2_000);

export const feedbackSurveyData = z.object({
  /** Whether the guest may answer now (no answer within FEEDBACK_SURVEY_INTERVAL_MS). */
  open: z.boolean(),
  /** When the survey opens again, ISO time; null while it is open. */
  openFrom: z.string().nullable(),
});
export type FeedbackSurveyData = z.infer<typeof feedbackSurveyData>;

export const feedbackSurveyAnswer = z.object({
  currentUrl: pageUrl,
  mobile: z.boolean(),
  feedback: z.string().trim().min(1).max(SURVEY_TEXT_MAX),
  /** An address to answer to, if the guest wants one. */
  email: z.object({ email: z.email().max(254) }).nullish(),
  rating,
});
export type FeedbackSurveyAnswer = z.infer<typeof feedbackSurveyAnswer>;

/** Spec: a feedback answer is stored (stored=true) or refused by the time limit (timeLimit=true). */
export const feedbackSurveyResult = z.object({ stored: z.boolean(), timeLimit: z.boolean() });
export type FeedbackSurveyResult = z.infer<typeof feedbackSurveyResult>;

export const surveyEndpoints = {
  /** Whether the visitor (any token) may answer the feedback survey now. */
  feedbackData: defineEndpoint({
    method: 'GET',
    path: '/survey/feedbackdata',
    schemas: () => ({ response: feedbackSurveyData }),
  }),
  feedback: defineEndpoint({
    method: 'POST',
    path: '/survey/feedback',
    schemas: () => ({ body: feedbackSurveyAnswer, response: feedbackSurveyResult }),
  }),
};

/** A feature a guest may rate once: letters, digits, dots and dashes, e.g. `globalSearch`. */
export const featureId = z.string().regex(/^[A-Za-z][A-Za-z0-9.-]{0,63}$/, 'must be a feature id');
export const featureFeedbackInput = z.object({
  featureId,
  rating,
  text: z.string().trim().max(SURVEY_TEXT_MAX).nullish(),
  url: pageUrl,
});
export type FeatureFeedbackInput = z.infer<typeof featureFeedbackInput>;

export const surveyGraphqlSchema = /* GraphQL */ `
  extend type Query {
    """
    The features the logged-in guest rated already (empty for everyone else).
    """
    featureFeedbackIds: [String!]!
  }
  extend type Mutation {
    """
    A logged-in guest's rating of a feature: true when stored, false when she rated it before.
    """
    featureFeedback(featureId: String!, rating: Int!, text: String, url: String!): Boolean!
  }
`;

export const featureFeedbackIdsQuery = defineOperation<{ featureFeedbackIds: string[] }>(
  `query FeatureFeedbackIds { featureFeedbackIds }`,
);
export const featureFeedbackMutation = defineOperation<
  { featureFeedback: boolean },
  { featureId: string; rating: number; text?: string | null; url: string }
>(
  `mutation FeatureFeedback($featureId: String!, $rating: Int!, $text: String, $url: String!) { featureFeedback(featureId: $featureId, rating: $rating, text: $text, url: $url) }`,
);
