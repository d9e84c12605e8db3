import { FEED_GRAPHQL_SCHEMA, LANGUAGES, type Language } from '@velvet/contracts';
import type { MercuriusContext } from 'mercurius';
import { HttpError } from '../../http/endpoint';
import type { GraphqlContribution, ModuleContext } from '../module';
import * as feed from './service';

type Context = MercuriusContext;
const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/**
 * The module's context answering posts in a language: the one the query names (an unknown one is a 400), else the
 * page's (the call's `language` parameter), else the posts' own; a post without a translation in it keeps its own
 * words, English.
 */
function reading({ ctx, reply }: Context, asked?: string | null): ModuleContext & { language: Language } {
  if (asked != null && !isLanguage(asked))
    throw new HttpError(400, 'VALIDATION_FAILED', `language must be one of ${LANGUAGES.join(', ')}`);
  const parameter = (reply.request.query as { language?: unknown } | undefined)?.language;
  const language = asked ?? (isLanguage(parameter) ? parameter : feed.POST_LANGUAGE);
  // the module's context itself stays untouched: tests and jobs may move its clock meanwhile
  return Object.assign(Object.create(ctx) as ModuleContext, { language });
}

/** The feed service at POST /feed/graphql; anonymous visitors call it without a token. */
export const feedGraphql: GraphqlContribution = {
  schema: FEED_GRAPHQL_SCHEMA,
  // Every visitor sees the same posts (never verified, no likes or purchases): the feed page, a post and the
  // totals are shared for the visitor cache's moment; tipping goals move on open pages over the socket meanwhile.
  visitorSharedQueries: ['feed', 'post', 'totals'],
  resolvers: {
    Query: {
      feed: (_root: unknown, args: feed.FeedArgs & { language?: string | null }, context: Context) =>
        feed.feed(reading(context, args.language), context.auth, args, context.ctx.now()),
      post: (_root: unknown, args: { id: string; language?: string | null }, context: Context) =>
        feed.post(reading(context, args.language), context.auth, args.id, context.ctx.now()),
      totals: (_root: unknown, args: { modelId?: string | null }, { auth, ctx }: Context) =>
        feed.totals(ctx.db, auth, args.modelId, ctx.now()),
    },
    Mutation: {
      likePost: (_root: unknown, args: { postId: string }, context: Context) =>
        feed.likePost(reading(context), context.auth, args.postId, context.ctx.now()),
      unlikePost: (_root: unknown, args: { postId: string }, context: Context) =>
        feed.unlikePost(reading(context), context.auth, args.postId, context.ctx.now()),
      followModel: (_root: unknown, args: { modelId: string }, { auth, ctx }: Context) =>
        feed.setFollowing(ctx, auth, args.modelId, true),
      unfollowModel: (_root: unknown, args: { modelId: string }, { auth, ctx }: Context) =>
        feed.setFollowing(ctx, auth, args.modelId, false),
      viewedPost: (_root: unknown, args: { postId: string }, context: Context) =>
        feed.viewedPost(reading(context), context.auth, args.postId, context.ctx.now()),
      buyPost: (_root: unknown, args: { postId: string }, context: Context) =>
        feed.buyPost(reading(context), context.auth, args.postId, context.ctx.now()),
      tipPost: (
        _root: unknown,
        args: { postId: string; amountCoins: number; operationKey?: string | null },
        context: Context,
      ) => feed.tipPost(reading(context), context.auth, args, context.ctx.now()),
      commentPost: (
        _root: unknown,
        args: { postId: string; text: string; repliesToCommentId?: string | null },
        context: Context,
      ) => feed.commentPost(reading(context), context.auth, args, context.ctx.now()),
      deleteComment: (_root: unknown, args: { commentId: string }, context: Context) =>
        feed.deleteComment(reading(context), context.auth, args.commentId, context.ctx.now()),
    },
  },
};
