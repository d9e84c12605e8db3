import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, Spinner } from '@velvet/ui';
import { useBrowserValue } from '@velvet/federation';

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

const inBrowser = () => true;

/**
 * The console is an operator's own page, never rendered on the server: the server and the hydration show the
 * loading state, and the chunk is asked for once the page runs in the browser.
 */
export function OperatorConsolePage() {
  const { t } = useTranslation('common');
  const loading = <Spinner label={t('loading')} />;
  if (!useBrowserValue(inBrowser, false)) return loading;
  return (
    <Suspense fallback={loading}>
      <OperatorConsole />
    </Suspense>
  );
}
