import { useTranslation } from 'react-i18next';
import { useShell, useSubject } from './ShellContext';

/** The status bar area under the navbar: one message at a time, dismissible. */
export function StatusBar() {
  const { t } = useTranslation('shell');
  const { ui } = useShell();
  const status = useSubject(ui.statusBar$);
  return (
    <div className="vv-statusbar" role="status" aria-live="polite">
      {status && (
        <div className={`vv-statusbar__message vv-statusbar__message--${status.type}`}>
          <span>{status.message}</span>
          <button type="button" aria-label={t('common.close')} onClick={() => ui.statusBar$.next(null)}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}

export function Toasts() {
  const { ui } = useShell();
  const toasts = useSubject(ui.toasts$);
  return (
    <div className="vv-toasts" aria-live="polite">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`vv-toast vv-toast--${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
        >
          {toast.message}
        </div>
      ))}
    </div>
  );
}
