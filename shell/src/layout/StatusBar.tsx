import { useTranslation } from 'react-i18next';
import { subscriptionEndpoints, type StatusBarClaim } from '@velvet/contracts';
import { useShell, useSubject, type Shell } from './ShellContext';

/** What each claim of a status bar action posts: the server credits it once, whatever the retries. */
const CLAIMS = { vipMonthlyBonus: subscriptionEndpoints.monthlyBonus } as const satisfies Record<
  StatusBarClaim,
  unknown
>;

/** Sends the claim; the server's pushes then bring the new balance and the next message. */
async function sendClaim(shell: Shell, claim: StatusBarClaim, done: (coins: number) => string, failed: string) {
  try {
    const { coins } = await shell.platform.api.rest(CLAIMS[claim]);
    shell.ui.ui.toast(done(coins), 'success');
  } catch {
    shell.ui.ui.toast(failed, 'error');
  }
}

/**
 * The status bar: one message at a time, last in the page and sticky at the bottom of the screen, so that it never
 * moves the page. Closing the server's message tells the server, which keeps it away until it changes; the
 * connection notice goes away when the connection is back.
 */
export function StatusBar() {
  const { t } = useTranslation('shell');
  const shell = useShell();
  const { ui, socket } = shell;
  // Nothing on the server, so nothing while hydrating: a message pushed before the bar hydrates shows right after.
  const status = useSubject(ui.statusBar$, null);
  const action = status?.action ?? null;
  const close = () => {
    if (status && status.type !== 'connectionLost')
      socket.send({ type: 'removeStatusBar', statusBarType: status.type });
    ui.statusBar$.next(null);
  };
  return (
    <div className="vv-statusbar" role="status" aria-live="polite">
      {status && (
        <div className={`vv-statusbar__message vv-statusbar__message--${status.type}`} data-status={status.type}>
          <span>{t(`statusBar.${status.type}.text`, status.data)}</span>
          {action &&
            ('flow' in action ? (
              <button type="button" className="vv-statusbar__action" onClick={() => ui.ui.open(action.flow)}>
                {t(`statusBar.${status.type}.action`)}
              </button>
            ) : 'claim' in action ? (
              <button
                type="button"
                className="vv-statusbar__action"
                onClick={() =>
                  void sendClaim(
                    shell,
                    action.claim,
                    (coins) => t(`statusBar.claimed.${action.claim}`, { coins }),
                    t('statusBar.claimFailed'),
                  )
                }
              >
                {t(`statusBar.${status.type}.action`)}
              </button>
            ) : (
              <a className="vv-statusbar__action" href={action.href}>
                {t(`statusBar.${status.type}.action`)}
              </a>
            ))}
          {status.type !== 'connectionLost' && (
            <button type="button" aria-label={t('common.close')} onClick={close}>
              ×
            </button>
          )}
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
