import { FEED_GRAPHQL_SCHEMA } from '@velvet/contracts';
import type { GraphqlContext as Context } from '../../graphql';
import type { GraphqlContribution } from '../module';
import * as feed from './service';

/** The feed service at POST /feed/graphql; anonymous visitors call it without a token. */
export const feedGraphql: GraphqlContribution = {
  schema: FEED_GRAPHQL_SCHEMA,
  // Every visitor sees the same posts (never verified, no likes or purchases): the feed page, a post and the
  // totals are shared for the visitor cache's moment; tipping goals move on open pages over the socket meanwhile.
  visitorSharedQueries: ['feed', 'post', 'totals'],
  resolvers: {
    Query: {
      feed: (_root: unknown, args: feed.FeedArgs, { auth, ctx }: Context) => feed.feed(ctx, auth, args, ctx.now()),
      post: (_root: unknown, args: { id: string }, { auth, ctx }: Context) => feed.post(ctx, auth, args.id, ctx.now()),
      totals: (_root: unknown, args: { modelId?: string | null }, { auth, ctx }: Context) =>
        feed.totals(ctx.db, auth, args.modelId, ctx.now()),
    },
    Mutation: {
      likePost: (_root: unknown, args: { postId: string }, { auth, ctx }: Context) =>
        feed.likePost(ctx, auth, args.postId, ctx.now()),
      unlikePost: (_root: unknown, args: { postId: string }, { auth, ctx }: Context) =>
        feed.unlikePost(ctx, auth, args.postId, ctx.now()),
      followModel: (_root: unknown, args: { modelId: string }, { auth, ctx }: Context) =>
        feed.setFollowing(ctx, auth, args.modelId, true),
      unfollowModel: (_root: unknown, args: { modelId: string }, { auth, ctx }: Context) =>
        feed.setFollowing(ctx, auth, args.modelId, false),
      viewedPost: (_root: unknown, args: { postId: string }, { auth, ctx }: Context) =>
        feed.viewedPost(ctx, auth, args.postId, ctx.now()),
      buyPost: (_root: unknown, args: { postId: string }, { auth, ctx }: Context) =>
        feed.buyPost(ctx, auth, args.postId, ctx.now()),
      tipPost: (
        _root: unknown,
        args: { postId: string; amountCoins: number; operationKey?: string | null },
        { auth, ctx }: Context,
      ) => feed.tipPost(ctx, auth, args, ctx.now()),
      commentPost: (
        _root: unknown,
        args: { postId: string; text: string; repliesToCommentId?: string | null },
        { auth, ctx }: Context,
      ) => feed.commentPost(ctx, auth, args, ctx.now()),
      deleteComment: (_root: unknown, args: { commentId: string }, { auth, ctx }: Context) =>
        feed.deleteComment(ctx, auth, args.commentId, ctx.now()),
    },
  },
};
