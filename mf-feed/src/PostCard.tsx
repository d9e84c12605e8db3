import { useTranslation } from 'react-i18next';
import type { FeedComment, FeedPost } from '@velvet/contracts';
import { useLanguage, usePlatform, RouteLink, useTimeZone } from '@velvet/federation';
import { formatDate } from '@velvet/i18n';
import { Button, OnlineBadge, ProgressBar } from '@velvet/ui';
import { formatCoins } from './format';

export interface PostActions {
  onLike: (post: FeedPost) => void;
  onFollow: (post: FeedPost) => void;
}

function Comment({ comment }: { comment: FeedComment }) {
  const { t } = useTranslation();
  return (
    <li>
      <p>
        <strong>{comment.user.name}</strong> {comment.text}
      </p>
      {comment.replies.length ? (
        <ul className="mf-feed-replies">
          {comment.replies.map((reply) => (
            <li key={reply.id}>
              <strong>{reply.user.name}</strong>
              {reply.isCreator ? <span className="mf-feed-creator">{t('post.creator')}</span> : null} {reply.text}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** Paid pictures the guest has not bought: the teaser, the number of pictures and the price. */
function Locked({ post }: { post: FeedPost }) {
  const { t } = useTranslation();
  const teaser = post.photos[0];
  return (
    <div className="mf-feed-locked">
      {teaser ? (
        <img src={teaser.url} width={teaser.width} height={teaser.height} alt={t('post.lockedAlt')} loading="lazy" />
      ) : null}
      <p className="mf-feed-locked__label">
        {t('post.locked', { price: formatCoins(post.priceCoins) })}
        <span>{t('post.photos', { count: post.photoCount })}</span>
      </p>
    </div>
  );
}

/**
 * Pictures rated above the free rating of images, for a guest whose age is not verified: the server sends only
 * their blurred variants (the files themselves need a signed address), with the way to the age check.
 */
function AgeGated({ post }: { post: FeedPost }) {
  const { t } = useTranslation();
  const { ui } = usePlatform();
  return (
    <div className="mf-feed-locked" data-testid="feed-age-gate">
      <div className="mf-feed-photos" data-count={post.photos.length}>
        {post.photos.map((photo) => (
          <img
            key={photo.id}
            src={photo.url}
            width={photo.width}
            height={photo.height}
            alt={t('post.ageGateAlt')}
            loading="lazy"
          />
        ))}
      </div>
      <div className="mf-feed-locked__label">
        <p>{t('post.ageGate')}</p>
        <Button size="small" onClick={() => ui.open('ageCheck')}>
          {t('post.ageGateButton')}
        </Button>
      </div>
    </div>
  );
}

export function PostCard({ post, actions }: { post: FeedPost; actions: PostActions }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const timeZone = useTimeZone();
  const profile = { actorName: post.model.name };
  const locked = post.paidContent && !post.guestState.bought;
  return (
    <article className="mf-feed-post" aria-labelledby={`feed-post-${post.id}`}>
      <header className="mf-feed-post__header">
        <img className="mf-feed-post__avatar" src={post.model.avatar} width={48} height={48} alt="" loading="lazy" />
        <div>
          <RouteLink to="actorProfile" args={profile}>
            {post.model.name}
          </RouteLink>{' '}
          <OnlineBadge online={post.model.online} onlineLabel={t('model.online')} offlineLabel={t('model.offline')} />
          <p className="mf-feed-post__date">
            <time dateTime={post.published}>
              {formatDate(post.published, language, { dateStyle: 'medium', timeZone })}
            </time>
            {post.pinned ? <span className="mf-feed-badge">{t('post.pinned')}</span> : null}
          </p>
        </div>
        <Button
          variant="ghost"
          size="small"
          aria-pressed={post.guestState.following}
          onClick={() => actions.onFollow(post)}
        >
          {post.guestState.following ? t('model.following') : t('model.follow')}
        </Button>
      </header>
      <h2 id={`feed-post-${post.id}`} className="mf-feed-post__title">
        {post.title}
      </h2>
      <p>{post.text}</p>
      {locked ? (
        <Locked post={post} />
      ) : post.photos.some((photo) => photo.avsRequired) ? (
        <AgeGated post={post} />
      ) : post.photos.length ? (
        <div className="mf-feed-photos" data-count={post.photos.length}>
          {post.photos.map((photo, index) => (
            <img
              key={photo.id}
              src={photo.url}
              width={photo.width}
              height={photo.height}
              alt={t('post.photoAlt', { title: post.title, number: index + 1 })}
              loading="lazy"
            />
          ))}
        </div>
      ) : null}
      {post.tippingGoal ? (
        <div className="mf-feed-goal">
          <p>
            {post.tippingGoal.achieved
              ? t('post.goalAchieved', { goal: formatCoins(post.tippingGoal.goalCoins) })
              : t('post.goal', {
                  sum: formatCoins(post.tippingGoal.tipsSumCoins),
                  goal: formatCoins(post.tippingGoal.goalCoins),
                })}
          </p>
          <ProgressBar value={post.tippingGoal.progressPercent} label={t('post.goalLabel')} />
        </div>
      ) : null}
      <footer className="mf-feed-post__footer">
        <Button
          variant={post.guestState.liked ? 'primary' : 'secondary'}
          size="small"
          aria-pressed={post.guestState.liked}
          onClick={() => actions.onLike(post)}
        >
          {t('post.likes', { count: post.likes })}
        </Button>
        <span>{t('post.views', { count: post.views })}</span>
        <span>{t('post.comments', { count: post.comments.totalCount })}</span>
      </footer>
      {post.comments.nodes.length ? (
        <ul className="mf-feed-comments" aria-label={t('post.commentsLabel')}>
          {post.comments.nodes.map((comment) => (
            <Comment key={comment.id} comment={comment} />
          ))}
        </ul>
      ) : null}
    </article>
  );
}
