import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, Spinner } from '@velvet/ui';

function ConsoleUnavailable() {
  const { t } = useTranslation('common');
  return (
    <ErrorState
      title={t('errorTitle')}
      text={t('errorText')}
      retryLabel={t('retry')}
      onRetry={() => window.location.reload()}
    />
  );
}

/** The console is its own chunk, fetched when an operator opens it: none of it is in the shell's first bytes. */
const OperatorConsole = lazy(() =>
  import(/* webpackChunkName: "operator" */ './OperatorConsole').catch((error: unknown) => {
    console.error('[shell] the operator console did not load', error);
    return { default: ConsoleUnavailable };
  }),
);

export function OperatorConsolePage() {
  const { t } = useTranslation('common');
  return (
    <Suspense fallback={<Spinner label={t('loading')} />}>
      <OperatorConsole />
    </Suspense>
  );
}
