import { useEffect, useRef } from 'react';
import type { FeedPost } from '@velvet/contracts';
import { usePlatform } from '@velvet/federation';

/**
 * Tipping goals move on every open page as tips are committed. Sums only grow, so a push older than what the
 * post shows (pushes of parallel tips may arrive out of order) changes nothing.
 */
export function useLiveGoals(updatePosts: (change: (post: FeedPost) => FeedPost) => void) {
  const { bus } = usePlatform();
  const update = useRef(updatePosts);
  useEffect(() => {
    update.current = updatePosts;
  });
  useEffect(() => {
    const subscription = bus
      .on('feedTippingGoal')
      .subscribe(({ postId, tippingGoal }) =>
        update.current((post) =>
          post.id === postId && post.tippingGoal && tippingGoal.tipsSumCoins > post.tippingGoal.tipsSumCoins
            ? { ...post, tippingGoal }
            : post,
        ),
      );
    return () => subscription.unsubscribe();
  }, [bus]);
}
