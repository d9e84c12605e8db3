import { useTranslation } from 'react-i18next';
import { feedOperations, type FeedPost } from '@velvet/contracts';
import { useLoggedIn, usePlatform } from '@velvet/federation';
import { ApiError } from '@velvet/sdk';
import type { PostActions } from './PostCard';
import type { FeedPages } from './useFeedPages';

/** Likes and follows: anonymous visitors get the login instead; the server's answer replaces the shown post. */
export function usePostActions({
  replacePost,
  updatePosts,
}: Pick<FeedPages, 'replacePost' | 'updatePosts'>): PostActions {
  const { t } = useTranslation();
  const { api, ui } = usePlatform();
  const loggedIn = useLoggedIn();

  const run = async (action: () => Promise<void>) => {
    if (!loggedIn) return ui.open('login');
    try {
      await action();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'LOGIN_REQUIRED') ui.open('login');
      else ui.toast(t('error.action'), 'error');
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
  };
}
