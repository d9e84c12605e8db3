import { useTranslation } from 'react-i18next';
import { feedOperations, type FeedComment, type FeedPost, type FeedReply } from '@velvet/contracts';
import { useLoggedIn, usePlatform } from '@velvet/federation';
import { ApiError } from '@velvet/sdk';
import { formatCoins } from './format';
import type { FeedPages } from './useFeedPages';

/** What a post card can do; every action needs a logged-in guest. */
export interface PostActions {
  onLike: (post: FeedPost) => void;
  onFollow: (post: FeedPost) => void;
  onBuy: (post: FeedPost) => void;
  onTip: (post: FeedPost, amountCoins: number) => void;
  /** Resolves true once the comment is saved, so its form can clear. */
  onComment: (post: FeedPost, text: string, repliesTo?: FeedComment | FeedReply) => Promise<boolean>;
  onDeleteComment: (post: FeedPost, comment: FeedComment | FeedReply) => void;
}

/**
 * Likes, follows, purchases, tips and comments: anonymous visitors get the login instead; too few coins open
 * the money charge; the server's answer replaces the shown post.
 */
export function usePostActions({
  replacePost,
  updatePosts,
}: Pick<FeedPages, 'replacePost' | 'updatePosts'>): PostActions {
  const { t } = useTranslation();
  const { api, ui } = usePlatform();
  const loggedIn = useLoggedIn();

  const run = async (action: () => Promise<void>): Promise<boolean> => {
    if (!loggedIn) {
      ui.open('login');
      return false;
    }
    try {
      await action();
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'LOGIN_REQUIRED') ui.open('login');
      else if (error instanceof ApiError && error.code === 'INSUFFICIENT_FUNDS') {
        ui.toast(t('error.funds'), 'error');
        ui.open('moneyCharge');
      } else ui.toast(t('error.action'), 'error');
      return false;
    }
  };

  return {
    onLike: (post) =>
      void run(async () => {
        const postId = post.id;
        replacePost(
          post.guestState.liked
            ? (await api.feed(feedOperations.unlikePost, { postId })).unlikePost
            : (await api.feed(feedOperations.likePost, { postId })).likePost,
        );
      }),
    onFollow: (post) =>
      void run(async () => {
        const following = !post.guestState.following;
        const modelId = post.model.id;
        await (following
          ? api.feed(feedOperations.followModel, { modelId })
          : api.feed(feedOperations.unfollowModel, { modelId }));
        updatePosts((shown: FeedPost) =>
          shown.model.id === modelId ? { ...shown, guestState: { ...shown.guestState, following } } : shown,
        );
      }),
    onBuy: (post) =>
      void run(async () => {
        replacePost((await api.feed(feedOperations.buyPost, { postId: post.id })).buyPost);
        ui.toast(t('post.bought'), 'success');
      }),
    onTip: (post, amountCoins) =>
      void run(async () => {
        // one key per attempt: a request the network repeats tips once
        const operationKey = crypto.randomUUID();
        replacePost((await api.feed(feedOperations.tipPost, { postId: post.id, amountCoins, operationKey })).tipPost);
        ui.toast(t('post.tipped', { amount: formatCoins(amountCoins) }), 'success');
      }),
    onComment: (post, text, repliesTo) =>
      run(async () => {
        const variables = { postId: post.id, text, repliesToCommentId: repliesTo?.id ?? null };
        replacePost((await api.feed(feedOperations.commentPost, variables)).commentPost);
      }),
    onDeleteComment: (post, comment) =>
      void run(async () => {
        replacePost((await api.feed(feedOperations.deleteComment, { commentId: comment.id })).deleteComment);
      }),
  };
}
