import path from 'node:path';
import type { z } from 'zod';
import { featureFeedbackInput, surveyEndpoints, surveyGraphqlSchema } from '@velvet/contracts';
import { HttpError, requireGuest, route } from '../../http/endpoint';
import type { Auth, ModuleContext, ServerModule } from '../module';
import { featureFeedbackIds, feedbackSurveyData, storeFeatureFeedback, storeFeedbackAnswer } from './service';

/** Any token holder answers the feedback survey (anonymous visitors have a guest row too). */
function visitorOf(auth: Auth | null): Auth {
  if (!auth) throw new HttpError(401, 'UNAUTHORIZED', 'An access token is required');
  return auth;
}

function parse<T extends z.ZodType>(schema: T, args: unknown): z.infer<T> {
  const parsed = schema.safeParse(args);
  if (!parsed.success) throw new HttpError(400, 'VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'bad input');
  return parsed.data;
}

interface ResolverContext {
  auth: Auth | null;
  ctx: ModuleContext;
}

/**
 * The feedback survey (`survey/feedbackdata`, `survey/feedback`: stored, or refused by its time limit) and feature
 * feedback, a logged-in guest's rating of one feature, once. (The chat exit survey is the chat module's.)
 */
export const surveyModule: ServerModule = {
  name: 'survey',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  routes: (ctx) => async (app) => {
    route(app, surveyEndpoints.feedbackData, async ({ auth, request }) => {
      if (request.authError) throw request.authError;
      return feedbackSurveyData(ctx.db, visitorOf(auth).guestId, ctx.now());
    });
    route(app, surveyEndpoints.feedback, async ({ body, auth, request }) => {
      if (request.authError) throw request.authError;
      return storeFeedbackAnswer(ctx.db, visitorOf(auth).guestId, body, ctx.now());
    });
  },
  graphql: {
    schema: surveyGraphqlSchema,
    resolvers: {
      Query: {
        featureFeedbackIds: async (_root: unknown, _args: unknown, { auth, ctx }: ResolverContext) =>
          auth?.loggedIn ? featureFeedbackIds(ctx.db, auth.guestId) : [],
      },
      Mutation: {
        featureFeedback: async (_root: unknown, args: unknown, { auth, ctx }: ResolverContext) => {
          requireGuest(auth);
          return storeFeatureFeedback(ctx.db, auth.guestId, parse(featureFeedbackInput, args), ctx.now());
        },
      },
    },
  },
};
