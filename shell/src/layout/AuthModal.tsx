import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@velvet/ui';
import { useShell, useSubject } from './ShellContext';

function AuthUnavailable() {
  const { t } = useTranslation('shell');
  const { ui } = useShell();
  return (
    <Modal open onClose={ui.close} title={t('auth.loginTitle')} closeLabel={t('common.close')}>
      <p role="alert">{t('auth.unavailable')}</p>
    </Modal>
  );
}

/** The forms are fetched when the login or signup first opens: no page's first bytes carry them. */
const AuthForm = lazy(() =>
  import(/* webpackChunkName: "auth" */ './AuthForm').catch((error: unknown) => {
    console.error('[shell] the login did not load', error);
    return { default: AuthUnavailable };
  }),
);

/** The login and signup modals, shown while the ui asks for one of them. */
export function AuthModal() {
  const { ui } = useShell();
  const mode = useSubject(ui.modal$);
  // keyed by mode: switching between login and signup starts with a clean form
  return mode === 'login' || mode === 'signup' ? (
    <Suspense fallback={null}>
      <AuthForm key={mode} mode={mode} />
    </Suspense>
  ) : null;
}
