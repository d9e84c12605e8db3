import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ALBUM_COMMENTS_SHOWN, ALBUM_COMMENT_MAX_LENGTH, mediaEndpoints, type AlbumComment } from '@velvet/contracts';
import { useLanguage, useLoggedIn, usePlatform, useTimeZone } from '@velvet/federation';
import { COMMON_NAMESPACE, formatDate } from '@velvet/i18n';
import { Button, LoginPrompt, Spinner } from '@velvet/ui';

interface CommentsState {
  comments: AlbumComment[];
  total: number;
  allowed: boolean;
}

/** An album's comments, five at a time, and the guest's one comment (a guest comments an album once). */
export function AlbumComments({ albumId }: { albumId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const timeZone = useTimeZone();
  const { api, ui } = usePlatform();
  const loggedIn = useLoggedIn();
  const [state, setState] = useState<CommentsState | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  const fetchPage = (offset: number) =>
    api.rest(mediaEndpoints.albumComments, { query: { albumId, limit: ALBUM_COMMENTS_SHOWN, offset } });
  const failed = () => ui.toast(t('comments.failed'), 'error');
  useEffect(() => {
    let current = true;
    fetchPage(0).then(
      (page) =>
        current && setState({ comments: page.comments, total: page.total, allowed: page.isGuestAllowedToCommentAlbum }),
      failed,
    );
    return () => {
      current = false;
    };
    // Reload when the guest logs in or out: whether they may comment changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [albumId, loggedIn]);
  const showMore = async (offset: number) => {
    const page = await fetchPage(offset);
    setState((previous) => ({
      comments: [...(previous?.comments ?? []), ...page.comments],
      total: page.total,
      allowed: page.isGuestAllowedToCommentAlbum,
    }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const posted = await api.rest(mediaEndpoints.postAlbumComment, { body: { albumId, commentText: text } });
      setState((previous) => ({
        comments: [posted.comment, ...(previous?.comments ?? [])],
        total: posted.commentsTotal,
        allowed: posted.isGuestAllowedToCommentAlbum,
      }));
      setText('');
    } catch {
      failed();
    } finally {
      setBusy(false);
    }
  };

  if (!state) return <Spinner label={t('loading', { ns: COMMON_NAMESPACE })} />;
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
        <Button variant="ghost" onClick={() => showMore(state.comments.length).catch(failed)}>
          {t('comments.showMore')}
        </Button>
      ) : null}
    </section>
  );
}
