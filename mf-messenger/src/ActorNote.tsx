import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTOR_NOTE_MAX_LENGTH, actorNoteEndpoints, NOTE_STORAGE_PREFIX, type ErrorCode } from '@velvet/contracts';
import { usePlatform } from '@velvet/federation';
import { Button } from '@velvet/ui';

type Status = 'loading' | 'idle' | 'saved' | { failed: ErrorCode };

/**
 * The guest's private note on the performer of the open conversation. What she types is kept as a draft in local
 * storage (`Note<actorId>`) until it is saved, so a reload or another conversation loses nothing.
 */
export function ActorNote({ actorId }: { actorId: number }) {
  const platform = usePlatform();
  const { t } = useTranslation();
  const draftKey = `${NOTE_STORAGE_PREFIX}${actorId}`;
  const [comment, setComment] = useState('');
  const [status, setStatus] = useState<Status>('loading');

  useEffect(() => {
    let active = true;
    platform.api
      .rest(actorNoteEndpoints.getActorNote, { params: { actorId } })
      .then((note) => {
        if (!active) return;
        setComment(window.localStorage.getItem(draftKey) ?? note.comment ?? '');
        setStatus('idle');
      })
      .catch((error: { code?: ErrorCode }) => active && setStatus({ failed: error.code ?? 'UNKNOWN' }));
    return () => {
      active = false;
    };
  }, [platform, actorId, draftKey]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const note = await platform.api.rest(actorNoteEndpoints.storeActorNote, { body: { actorId, comment } });
      window.localStorage.removeItem(draftKey);
      setComment(note.comment ?? '');
      setStatus('saved');
    } catch (error) {
      setStatus({ failed: (error as { code?: ErrorCode }).code ?? 'UNKNOWN' });
    }
  };

  return (
    <form className="mf-messenger__note" onSubmit={(event) => void save(event)}>
      <label htmlFor={`note-${actorId}`}>{t('note.label')}</label>
      <textarea
        id={`note-${actorId}`}
        value={comment}
        maxLength={ACTOR_NOTE_MAX_LENGTH}
        disabled={status === 'loading'}
        onChange={(event) => {
          setComment(event.target.value);
          setStatus('idle');
          window.localStorage.setItem(draftKey, event.target.value);
        }}
      />
      <Button type="submit" size="small" variant="secondary" disabled={status === 'loading'}>
        {t('note.save')}
      </Button>
      {status === 'saved' ? <small role="status">{t('note.saved')}</small> : null}
      {typeof status === 'object' ? <p role="alert">{t([`errors.${status.failed}`, 'errors.other'])}</p> : null}
    </form>
  );
}
