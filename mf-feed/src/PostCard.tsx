import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FEED_COMMENT_MAX_LENGTH,
  FEED_TIP_AMOUNTS_COINS,
  type FeedComment,
  type FeedPost,
  type FeedReply,
} from '@velvet/contracts';
import { useGuest, useLanguage, usePlatform, RouteLink, useTimeZone } from '@velvet/federation';
import { formatDate } from '@velvet/i18n';
import { Button, OnlineBadge, ProgressBar } from '@velvet/ui';
import { formatCoins } from './format';
import type { PostActions } from './usePostActions';

export type { PostActions } from './usePostActions';

/** One comment or reply: the model's replies are marked, tipping commenters too; the guest may delete her own. */
function CommentLine({
  post,
  comment,
  actions,
  onReply,
}: {
  post: FeedPost;
  comment: FeedComment | FeedReply;
  actions: PostActions;
  onReply: (comment: FeedComment | FeedReply) => void;
}) {
  const { t } = useTranslation();
  const guest = useGuest();
  // a deleted comment stays for its replies only: no author, no text, nothing to answer or delete
  if (!comment.user) return <p className="mf-feed-comment mf-feed-comment--deleted">{t('post.commentDeleted')}</p>;
  const own = guest.flags.loggedIn && comment.user.id === guest.id;
  return (
    <p className="mf-feed-comment">
      <strong>{comment.user.name}</strong>
      {comment.isCreator ? <span className="mf-feed-creator">{t('post.creator')}</span> : null}
      {comment.tipped ? <span className="mf-feed-tipper">{t('post.tipper')}</span> : null} {comment.text}{' '}
      <Button variant="ghost" size="small" onClick={() => onReply(comment)}>
        {t('post.reply')}
      </Button>
      {own ? (
        <Button variant="ghost" size="small" onClick={() => actions.onDeleteComment(post, comment)}>
          {t('post.deleteComment')}
        </Button>
      ) : null}
    </p>
  );
}

/** The comments shown with a post, each with its thread of replies, and the form for a new one or a reply. */
function Comments({ post, actions }: { post: FeedPost; actions: PostActions }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<FeedComment | FeedReply | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    if (await actions.onComment(post, text.trim(), replyTo ?? undefined)) {
      setText('');
      setReplyTo(null);
    }
  };
  return (
    <div className="mf-feed-comments">
      {post.comments.nodes.length ? (
        <ul aria-label={t('post.commentsLabel')}>
          {post.comments.nodes.map((comment) => (
            <li key={comment.id}>
              <CommentLine post={post} comment={comment} actions={actions} onReply={setReplyTo} />
              {comment.replies.length ? (
                <ul className="mf-feed-replies">
                  {comment.replies.map((reply) => (
                    <li key={reply.id}>
                      <CommentLine post={post} comment={reply} actions={actions} onReply={setReplyTo} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <form className="mf-feed-comment-form" onSubmit={(event) => void submit(event)}>
        {replyTo ? (
          <p className="mf-feed-comment-form__reply">
            {t('post.replyingTo', { name: replyTo.user?.name })}{' '}
            <Button variant="ghost" size="small" onClick={() => setReplyTo(null)}>
              {t('post.cancelReply')}
            </Button>
          </p>
        ) : null}
        <input
          type="text"
          value={text}
          maxLength={FEED_COMMENT_MAX_LENGTH}
          aria-label={t('post.commentField')}
          placeholder={t('post.commentField')}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" size="small" disabled={!text.trim()}>
          {t('post.sendComment')}
        </Button>
      </form>
    </div>
  );
}

/** Paid content the guest has not bought: the teaser, the number of pictures or the clip, the price and the buy button. */
function Locked({ post, actions }: { post: FeedPost; actions: PostActions }) {
  const { t } = useTranslation();
  const teaser = post.photos[0];
  const price = formatCoins(post.priceCoins);
  return (
    <div className="mf-feed-locked">
      {teaser ? (
        <img src={teaser.url} width={teaser.width} height={teaser.height} alt={t('post.lockedAlt')} loading="lazy" />
      ) : null}
      <div className="mf-feed-locked__label">
        <p>
          {t('post.locked', { price })}
          <span>{post.clip ? t('post.clip') : t('post.photos', { count: post.photoCount })}</span>
        </p>
        <Button size="small" onClick={() => actions.onBuy(post)}>
          {t('post.buy', { price })}
        </Button>
      </div>
    </div>
  );
}

/** A clip the guest may watch: its sources, with the poster until it plays. */
function Clip({ post }: { post: FeedPost }) {
  const { t } = useTranslation();
  const clip = post.clip!;
  const poster = clip.sources[0]?.poster;
  return (
    <video
      className="mf-feed-clip"
      controls
      playsInline
      preload="none"
      width={clip.width}
      height={clip.height}
      aria-label={t('post.clipLabel', { title: post.title })}
      {...(poster ? { poster } : {})}
    >
      {clip.sources.map((source) => (
        <source key={source.src} src={source.src} type={source.type} />
      ))}
    </video>
  );
}

/** The tip amounts behind one button; tips count towards the post's goal. */
function Tip({ post, actions }: { post: FeedPost; actions: PostActions }) {
  const { t } = useTranslation();
  return (
    <details className="mf-feed-tip">
      <summary>{t('post.tip')}</summary>
      <div className="mf-feed-tip__amounts">
        {FEED_TIP_AMOUNTS_COINS.map((amount) => (
          <Button key={amount} size="small" variant="secondary" onClick={() => actions.onTip(post, amount)}>
            {t('post.tipAmount', { amount: formatCoins(amount) })}
          </Button>
        ))}
      </div>
    </details>
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
          <OnlineBadge online={post.model.online} onlineLabel={t('model.online')} offlineLabel={t('model.offline')} />{' '}
          <RouteLink to="feedProfile" args={{ modelId: post.model.id }} className="mf-feed-post__profile">
            {t('model.posts')}
          </RouteLink>
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
        <RouteLink to="feedPost" args={{ postId: post.id }}>
          {post.title}
        </RouteLink>
      </h2>
      <p>{post.text}</p>
      {post.contestId ? (
        <p className="mf-feed-post__contest">
          <RouteLink to="contest" args={{ contestId: post.contestId }}>
            {t('post.contest')}
          </RouteLink>
        </p>
      ) : null}
      {locked ? (
        <Locked post={post} actions={actions} />
      ) : post.clip && !post.clip.avsRequired ? (
        <Clip post={post} />
      ) : post.clip?.avsRequired || post.photos.some((photo) => photo.avsRequired) ? (
        <AgeGated post={post} />
      ) : post.photos.length ? (
        <div className="mf-feed-photos" data-count={post.photos.length}>
          {post.photos.map((photo, index) => (
            <img
              key={photo.id}
              src={photo.url}
              srcSet={photo.srcSet || undefined}
              sizes={photo.srcSet ? `(max-width: 720px) 100vw, ${photo.width}px` : undefined}
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
        <Tip post={post} actions={actions} />
      </footer>
      <Comments post={post} actions={actions} />
    </article>
  );
}
