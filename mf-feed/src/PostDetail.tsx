import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedOperations, type FeedPost } from '@velvet/contracts';
import { useLanguage, useLoggedIn, usePlatform } from '@velvet/federation';
import { Modal } from '@velvet/ui';
import { PostCard } from './PostCard';
import { useLiveGoals } from './useLiveGoals';
import { usePostActions } from './usePostActions';

/**
 * One post over the feed, at its own address (route feedPost), with more of its comments. Opening it counts the
 * logged-in guest's view. It loads in the browser only, so the shared page renders the feed alone.
 */
export function PostDetail({ postId }: { postId: string }) {
  const { t } = useTranslation();
  const { api, router } = usePlatform();
  const loggedIn = useLoggedIn();
  const language = useLanguage();
  // undefined while loading, null when there is no such post
  const [post, setPost] = useState<FeedPost | null | undefined>(undefined);
  useEffect(() => {
    let active = true;
    const load = loggedIn
      ? api.feed(feedOperations.viewedPost, { postId }).then((answer) => answer.viewedPost)
      : api.feed(feedOperations.post, { id: postId, language }).then((answer) => answer.post);
    load.then(
      (answer) => active && setPost(answer),
      () => active && setPost(null),
    );
    return () => {
      active = false;
    };
  }, [api, postId, loggedIn, language]);
  const updatePosts = useCallback(
    (change: (shown: FeedPost) => FeedPost) => setPost((shown) => (shown ? change(shown) : shown)),
    [],
  );
  const actions = usePostActions({ replacePost: setPost, updatePosts });
  useLiveGoals(updatePosts);
  // opens once loaded: the modal lives in a portal of the browser's document, never in the server's render
  return (
    <Modal
      open={post !== undefined}
      onClose={() => router.navigate('feed')}
      title={post ? post.model.name : t('post.notFound')}
      closeLabel={t('post.close')}
    >
      {post ? <PostCard post={post} actions={actions} /> : null}
    </Modal>
  );
}
