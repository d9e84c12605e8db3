import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, Spinner } from '@velvet/ui';
import { useShell, useSubject } from '../layout/ShellContext';
import { activeSurvey, type Survey } from '../uiStore';

function SurveyUnavailable() {
  const { t } = useTranslation('shell');
  return <p role="alert">{t('survey.unavailable')}</p>;
}

/** The forms are fetched when a survey first opens: no page's first bytes carry them. */
const SurveyForm = lazy(() =>
  import(/* webpackChunkName: "survey" */ './SurveyForm').catch((error: unknown) => {
    console.error('[shell] the survey did not load', error);
    return { default: SurveyUnavailable };
  }),
);

const surveyKey = (survey: Survey) => (survey.kind === 'feedback' ? 'feedback' : `feature:${survey.featureId}`);

/**
 * The active survey as a modal dialog, which blocks the page until it is answered or closed: only the first open
 * survey is shown, and none while a flow's modal is open (`activeSurvey`). Nothing is open on the server.
 */
export function SurveyHost() {
  const { t } = useTranslation('shell');
  const { ui } = useShell();
  const survey = activeSurvey(useSubject(ui.surveys$, []), useSubject(ui.modal$, null));
  if (!survey) return null;
  const close = () => ui.surveys.close(survey);
  return (
    <Modal
      key={surveyKey(survey)}
      open
      onClose={close}
      title={survey.kind === 'feedback' ? t('survey.feedbackTitle') : t('survey.featureTitle')}
      closeLabel={t('common.close')}
    >
      <Suspense fallback={<Spinner label={t('common:loading')} />}>
        <SurveyForm survey={survey} onDone={close} />
      </Suspense>
    </Modal>
  );
}
