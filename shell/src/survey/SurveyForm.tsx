import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SURVEY_RATING_MAX,
  SURVEY_TEXT_MAX,
  featureFeedbackMutation,
  surveyEndpoints,
  type FeedbackSurveyData,
  type Language,
} from '@velvet/contracts';
import { Button, useAction } from '@velvet/ui';
import { formatDate } from '@velvet/i18n';
import { useShell } from '../layout/ShellContext';
import type { Survey } from '../uiStore';

/** The width below which the site shows its mobile menu: the survey tells the server the guest is on a phone. */
const MOBILE_QUERY = '(max-width: 1022px)';

function RatingChoice({ value, onChange }: { value: number; onChange: (rating: number) => void }) {
  const { t } = useTranslation('shell');
  const name = useId();
  return (
    <fieldset className="vv-survey__rating">
      <legend>{t('survey.rating')}</legend>
      {Array.from({ length: SURVEY_RATING_MAX }, (_, index) => index + 1).map((rating) => (
        <label key={rating}>
          <input
            type="radio"
            name={name}
            value={rating}
            checked={value === rating}
            onChange={() => onChange(rating)}
            aria-label={t('survey.stars', { count: rating })}
            required
          />
          <span aria-hidden="true">{rating <= value ? '★' : '☆'}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** What the survey says once it is sent (or refused by its time limit). */
type Outcome = 'stored' | 'timeLimit' | null;

function FeedbackSurvey({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation('shell');
  const { platform } = useShell();
  const [data, setData] = useState<FeedbackSurveyData | null>(null);
  const [rating, setRating] = useState(0);
  const [feedback, setFeedback] = useState('');
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const action = useAction(() => t('survey.failed'));
  useEffect(() => {
    platform.api.rest(surveyEndpoints.feedbackData).then(setData, () => setData({ open: true, openFrom: null }));
  }, [platform]);

  if (outcome === 'stored') return <SurveyDone text={t('survey.thanks')} onDone={onDone} />;
  if (outcome === 'timeLimit' || (data && !data.open)) {
    const from = data?.openFrom
      ? formatDate(data.openFrom, i18n.language as Language, { dateStyle: 'medium', timeStyle: 'short' })
      : null;
    return <SurveyDone text={from ? t('survey.timeLimitUntil', { from }) : t('survey.timeLimit')} onDone={onDone} />;
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      const result = await platform.api.rest(surveyEndpoints.feedback, {
        body: {
          currentUrl: window.location.href,
          mobile: window.matchMedia?.(MOBILE_QUERY).matches ?? false,
          feedback,
          email: email.trim() ? { email: email.trim() } : null,
          rating,
        },
      });
      setOutcome(result.stored ? 'stored' : 'timeLimit');
    });
  };
  return (
    <form className="vv-survey" onSubmit={submit} data-testid="feedback-survey">
      <p>{t('survey.feedbackIntro')}</p>
      <RatingChoice value={rating} onChange={setRating} />
      <label className="vv-survey__field">
        {t('survey.feedback')}
        <textarea
          value={feedback}
          onChange={(event) => setFeedback(event.target.value)}
          maxLength={SURVEY_TEXT_MAX}
          required
          rows={4}
        />
      </label>
      <label className="vv-survey__field">
        {t('survey.email')}
        <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} maxLength={254} />
      </label>
      {action.error ? <p role="alert">{action.error}</p> : null}
      <Button type="submit" disabled={action.busy || rating === 0 || !feedback.trim()}>
        {t('survey.send')}
      </Button>
    </form>
  );
}

function FeatureSurvey({ featureId, onDone }: { featureId: string; onDone: () => void }) {
  const { t } = useTranslation('shell');
  const { platform } = useShell();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [sent, setSent] = useState(false);
  const action = useAction(() => t('survey.failed'));
  if (sent) return <SurveyDone text={t('survey.thanks')} onDone={onDone} />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      const { featureFeedback } = await platform.api.query(featureFeedbackMutation, {
        featureId,
        rating,
        text: text.trim() || null,
        url: window.location.href,
      });
      // Spec: a rating the server did not take (she rated the feature before) is logged, not shown as sent.
      if (!featureFeedback) console.info(`[shell] feature feedback for ${featureId} was not stored`);
      setSent(true);
    });
  };
  return (
    <form className="vv-survey" onSubmit={submit} data-testid="feature-survey">
      <p>{t('survey.featureIntro', { feature: t(`survey.features.${featureId}`, { defaultValue: featureId }) })}</p>
      <RatingChoice value={rating} onChange={setRating} />
      <label className="vv-survey__field">
        {t('survey.featureText')}
        <textarea value={text} onChange={(event) => setText(event.target.value)} maxLength={SURVEY_TEXT_MAX} rows={3} />
      </label>
      {action.error ? <p role="alert">{action.error}</p> : null}
      <Button type="submit" disabled={action.busy || rating === 0}>
        {t('survey.send')}
      </Button>
    </form>
  );
}

function SurveyDone({ text, onDone }: { text: string; onDone: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <div className="vv-survey" role="status" data-testid="survey-done">
      <p>{text}</p>
      <Button onClick={onDone}>{t('survey.close')}</Button>
    </div>
  );
}

/** The form of a survey; its own chunk, loaded when the first survey opens. */
export default function SurveyForm({ survey, onDone }: { survey: Survey; onDone: () => void }) {
  return survey.kind === 'feedback' ? (
    <FeedbackSurvey onDone={onDone} />
  ) : (
    <FeatureSurvey featureId={survey.featureId} onDone={onDone} />
  );
}
