import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RATING_MAX, chatSessionEndpoints, type ChatEnd } from '@velvet/contracts';
import { usePlatform } from '@velvet/federation';
import { ApiError } from '@velvet/sdk';
import { Button } from '@velvet/ui';

/** Spec chat exit survey: a rating and a few words about the chat that just ended (POST survey/chatexit). */
export function ChatExitSurvey({ end, actorName }: { end: ChatEnd; actorName: string }) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const [rating, setRating] = useState<number | null>(null);
  const [feedback, setFeedback] = useState('');
  const [status, setStatus] = useState<'open' | 'sending' | 'stored' | 'tooShort' | 'failed'>('open');

  if (status === 'stored') {
    return (
      <p role="status" className="mf-chat-survey__thanks">
        {t('chat.survey.thanks')}
      </p>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rating === null) return;
    setStatus('sending');
    try {
      await api.rest(chatSessionEndpoints.chatExitSurvey, {
        body: {
          currentUrl: window.location.href,
          chatId: end.chatId,
          actorId: end.actorId,
          mobile: false,
          feedback,
          rating,
          isAnonymousVoicecall: false,
          chatType: end.chatType,
        },
      });
      setStatus('stored');
    } catch (error) {
      setStatus(error instanceof ApiError && error.code === 'CHAT_TOO_SHORT' ? 'tooShort' : 'failed');
    }
  };
  return (
    <form className="mf-chat-survey" onSubmit={(event) => void submit(event)} data-testid="chat-exit-survey">
      <fieldset>
        <legend>{t('chat.survey.title', { name: actorName })}</legend>
        <div className="mf-chat-survey__stars" role="radiogroup" aria-label={t('chat.survey.rating')}>
          {Array.from({ length: RATING_MAX }, (_, index) => index + 1).map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="rating"
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
              />
              {t('chat.survey.stars', { count: value })}
            </label>
          ))}
        </div>
        <label className="mf-chat-survey__feedback">
          {t('chat.survey.feedback')}
          <textarea maxLength={2000} rows={3} value={feedback} onChange={(event) => setFeedback(event.target.value)} />
        </label>
      </fieldset>
      {status === 'tooShort' || status === 'failed' ? (
        <p role="alert">{t(status === 'tooShort' ? 'chat.survey.tooShort' : 'chat.survey.failed')}</p>
      ) : null}
      <Button type="submit" disabled={rating === null} busy={status === 'sending'}>
        {t('chat.survey.send')}
      </Button>
    </form>
  );
}
