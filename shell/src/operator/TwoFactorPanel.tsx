import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { authEndpoints, TOTP_DIGITS, type TotpEnrolment } from '@velvet/contracts';
import { Button, useAction } from '@velvet/ui';
import { useShell } from '../layout/ShellContext';
import { LoadState, useLoaded } from './data';
import { useErrorText } from './strings';

/** The otpauth URI as a QR code: drawn as one SVG path of its dark modules, so it needs no canvas or image URL. */
function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row++)
      for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) d += `M${col} ${row}h1v1h-1z`;
    return { size: modules.size, path: d };
  }, [text]);
  // A quiet zone of four modules around the code, as scanners expect.
  return (
    <svg
      className="vv-operator__qr"
      role="img"
      aria-label={label}
      viewBox={`-4 -4 ${size + 8} ${size + 8}`}
      shapeRendering="crispEdges"
    >
      <rect x={-4} y={-4} width={size + 8} height={size + 8} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/**
 * The operator's second factor: off until they scan a new secret into an authenticator app and confirm it with
 * a code; from then on the login asks for the current code.
 */
export function TwoFactorPanel() {
  const { t } = useTranslation('shell');
  const { platform } = useShell();
  const action = useAction(useErrorText());
  const status = useLoaded('totp', () => platform.api.rest(authEndpoints.totpStatus));
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');

  const start = () =>
    action.run(async () => {
      setEnrolment(await platform.api.rest(authEndpoints.totpStart));
      setCode('');
    });
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      status.set(await platform.api.rest(authEndpoints.totpConfirm, { body: { code: code.trim() } }));
      setEnrolment(null);
    });
  };

  return (
    <section className="vv-operator__tenant" aria-labelledby="operator-two-factor" data-testid="operator-two-factor">
      <h2 id="operator-two-factor">{t('operator.twoFactor.title')}</h2>
      <LoadState loaded={status}>
        {({ enabled }) => (
          <>
            <p>{t(enabled ? 'operator.twoFactor.on' : 'operator.twoFactor.off')}</p>
            {enrolment ? (
              <form className="vv-operator__form" onSubmit={confirm}>
                <p className="vv-operator__hint">{t('operator.twoFactor.scan')}</p>
                <QrCode text={enrolment.uri} label={t('operator.twoFactor.qrLabel')} />
                <p>
                  {t('operator.twoFactor.secret')} <code data-testid="totp-secret">{enrolment.secret}</code>
                </p>
                <label>
                  {t('operator.twoFactor.code', { digits: TOTP_DIGITS })}
                  <input
                    name="totp"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={16}
                    value={code}
                    onChange={(event) => setCode(event.target.value)}
                  />
                </label>
                <div className="vv-operator__buttons">
                  <Button type="submit" busy={action.busy} disabled={!code.trim()}>
                    {t('operator.twoFactor.confirm')}
                  </Button>
                </div>
              </form>
            ) : (
              <div className="vv-operator__buttons">
                <Button variant="secondary" busy={action.busy} onClick={() => void start()}>
                  {t(enabled ? 'operator.twoFactor.replace' : 'operator.twoFactor.start')}
                </Button>
              </div>
            )}
            {action.error && (
              <p className="vv-operator__error" role="alert">
                {action.error}
              </p>
            )}
          </>
        )}
      </LoadState>
    </section>
  );
}
