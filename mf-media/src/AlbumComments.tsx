import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALBUM_COMMENTS_SHOWN,
  ALBUM_COMMENT_MAX_LENGTH,
  mediaEndpoints,
  type AlbumComments as CommentsPage,
} from '@velvet/contracts';
import {
  distinctById,
  useGuestKey,
  useLanguage,
  useLoadedPages,
  useLoggedIn,
  usePlatform,
  useTimeZone,
} from '@velvet/federation';
import { COMMON_NAMESPACE, formatDate } from '@velvet/i18n';
import { Button, ErrorState, LoginPrompt, Spinner } from '@velvet/ui';

/**
 * An album's comments, five at a time, and the guest's one comment (a guest comments an album once). The first five
 * are rendered by the server; whether the guest may comment depends on who she is, so another guest starts over.
 */
export function AlbumComments({ albumId }: { albumId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const timeZone = useTimeZone();
  const { api, ui } = usePlatform();
  const loggedIn = useLoggedIn();
  const guestKey = useGuestKey();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const pages = useLoadedPages<CommentsPage, number>(
    `albumComments|${albumId}|${guestKey}`,
    (offset) => api.rest(mediaEndpoints.albumComments, { query: { albumId, limit: ALBUM_COMMENTS_SHOWN, offset } }),
    0,
    // The next page starts after every comment shown, the guest's own included.
    (last, loaded) => {
      const shown = loaded.reduce((count, page) => count + page.comments.length, 0);
      return shown < last.total ? shown : undefined;
    },
  );
  const failed = () => ui.toast(t('comments.failed'), 'error');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const posted = await api.rest(mediaEndpoints.postAlbumComment, { body: { albumId, commentText: text } });
      // A change may be applied to a load's answer that already holds the comment (a reload that ran meanwhile).
      pages.update((loaded) =>
        loaded.map((page, index) => ({
          comments:
            index === 0 && !page.comments.some((shown) => shown.id === posted.comment.id)
              ? [posted.comment, ...page.comments]
              : page.comments,
          total: posted.commentsTotal,
          isGuestAllowedToCommentAlbum: posted.isGuestAllowedToCommentAlbum,
        })),
      );
      setText('');
    } catch {
      failed();
    } finally {
      setBusy(false);
    }
  };

  const last = pages.pages.at(-1);
  if (!last) {
    if (pages.status === 'error')
      return (
        <ErrorState
          title={t('errorTitle', { ns: COMMON_NAMESPACE })}
          text={t('errorText', { ns: COMMON_NAMESPACE })}
          retryLabel={t('retry', { ns: COMMON_NAMESPACE })}
          onRetry={pages.reload}
        />
      );
    return <Spinner label={t('loading', { ns: COMMON_NAMESPACE })} />;
  }
  const state = {
    comments: distinctById(pages.pages.flatMap((page) => page.comments)),
    total: last.total,
    allowed: last.isGuestAllowedToCommentAlbum,
  };
  return (
    <section className="mf-media-comments" aria-label={t('comments.title')}>
      <h2>{t('comments.count', { count: state.total })}</h2>
      {!loggedIn ? (
        <LoginPrompt text={t('comments.loginText')} buttonLabel={t('mediathek.login')} ui={ui} />
      ) : state.allowed ? (
        <form onSubmit={submit}>
          <label htmlFor={`comment-${albumId}`}>{t('comments.label')}</label>
          <textarea
            id={`comment-${albumId}`}
            value={text}
            maxLength={ALBUM_COMMENT_MAX_LENGTH}
            required
            onChange={(e) => setText(e.target.value)}
          />
          <Button type="submit" busy={busy} disabled={text.trim() === ''}>
            {t('comments.submit')}
          </Button>
        </form>
      ) : null}
      <ul>
        {state.comments.map((comment) => (
          <li key={comment.id}>
            <strong>{comment.guestName}</strong>{' '}
            <time dateTime={comment.created}>
              {formatDate(comment.created, language, { dateStyle: 'medium', timeZone })}
            </time>
            <p>{comment.text}</p>
          </li>
        ))}
      </ul>
      {state.comments.length < state.total ? (
        <Button variant="ghost" onClick={() => void pages.loadMore().then((loaded) => loaded || failed())}>
          {t('comments.showMore')}
        </Button>
      ) : null}
    </section>
  );
}
