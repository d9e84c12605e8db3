import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { registryEndpoints, type TenantDetails, type TenantRemote } from '@velvet/contracts';
import { Button, Modal, useAction } from '@velvet/ui';
import { formatDate } from '@velvet/i18n';
import { useShell } from '../layout/ShellContext';
import { LoadState, useChanged, useLanguage, useLoaded } from './data';
import { useErrorText } from './strings';

export type RemoteAction = 'pin' | 'canary' | 'promote' | 'rollback';

/** Enough for every version an operator would pick; older ones stay reachable through the CLI. */
const VERSIONS_SHOWN = 100;

interface Choice {
  version: string;
  percent: number;
}

/** Pin and canary pick one of the remote's published versions (not the pinned one); canary also a share. */
function VersionForm({
  kind,
  remote,
  onChoose,
  onCancel,
}: {
  kind: 'pin' | 'canary';
  remote: TenantRemote;
  onChoose: (choice: Choice) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('shell');
  const { platform } = useShell();
  const language = useLanguage();
  const versions = useLoaded(`versions:${remote.remote}`, () =>
    platform.api.rest(registryEndpoints.versions, {
      params: { remote: remote.remote },
      query: { page: 1, pageSize: VERSIONS_SHOWN },
    }),
  );
  const [version, setVersion] = useState<string | null>(null);
  const [percent, setPercent] = useState(String(remote.canaryPercent || 10));
  return (
    <LoadState loaded={versions}>
      {({ items }) => {
        const choices = items.filter((item) => item.version !== remote.version);
        if (!choices.length) {
          return (
            <>
              <p>{t('operator.actions.noVersions', { remote: remote.remote })}</p>
              <Button variant="ghost" onClick={onCancel}>
                {t('operator.actions.close')}
              </Button>
            </>
          );
        }
        const chosen = version ?? (kind === 'canary' ? remote.canaryVersion : null) ?? choices[0]!.version;
        const submit = (event: FormEvent) => {
          event.preventDefault();
          onChoose({ version: chosen, percent: Number(percent) });
        };
        return (
          <form className="vv-operator__form" onSubmit={submit}>
            <label>
              {t('operator.actions.version')}
              <select value={chosen} onChange={(event) => setVersion(event.target.value)}>
                {choices.map((item) => (
                  <option key={item.version} value={item.version}>
                    {t('operator.actions.versionOption', {
                      version: item.version,
                      at: formatDate(item.deployedAt, language, { dateStyle: 'short', timeStyle: 'short' }),
                      who: item.deployedBy,
                    })}
                  </option>
                ))}
              </select>
            </label>
            {kind === 'canary' ? (
              <label>
                {t('operator.actions.percent')}
                <input
                  type="number"
                  min={1}
                  max={100}
                  step={1}
                  required
                  value={percent}
                  onChange={(event) => setPercent(event.target.value)}
                />
              </label>
            ) : null}
            <div className="vv-operator__buttons">
              <Button type="submit">{t('operator.actions.next')}</Button>
              <Button variant="ghost" onClick={onCancel}>
                {t('operator.actions.cancel')}
              </Button>
            </div>
          </form>
        );
      }}
    </LoadState>
  );
}

/** What the operator is asked to confirm, naming the versions before and after. */
function confirmation(kind: RemoteAction, remote: TenantRemote, choice: Choice | null) {
  switch (kind) {
    case 'pin':
      return { key: 'pin', version: choice!.version };
    case 'canary':
      return { key: 'canary', version: choice!.version, percent: choice!.percent };
    case 'promote':
      return { key: 'promote', version: remote.canaryVersion };
    case 'rollback':
      return remote.canaryVersion
        ? { key: 'rollbackCanary', version: remote.canaryVersion }
        : { key: 'rollback', version: remote.history.at(-1) };
  }
}

/**
 * Pin, canary, promote or roll back one remote of one tenant: pick a version where one is needed, confirm, and
 * see the server's answer (a translated error keeps the dialog open).
 */
export function RemoteActionDialog({
  tenant,
  remote,
  kind,
  onClose,
}: {
  tenant: TenantDetails;
  remote: TenantRemote;
  kind: RemoteAction;
  onClose: () => void;
}) {
  const { t } = useTranslation('shell');
  const { platform } = useShell();
  const changed = useChanged();
  // A success closes the dialog: it stays busy until then.
  const action = useAction(useErrorText(), { staysBusy: true });
  const needsVersion = kind === 'pin' || kind === 'canary';
  const [choice, setChoice] = useState<Choice | null>(null);

  const run = () =>
    action.run(async () => {
      const params = { tenantId: tenant.id, remote: remote.remote };
      const updated =
        kind === 'pin'
          ? await platform.api.rest(registryEndpoints.pin, { params, body: { version: choice!.version } })
          : kind === 'canary'
            ? await platform.api.rest(registryEndpoints.canary, { params, body: choice! })
            : await platform.api.rest(registryEndpoints[kind], { params });
      // Tenants, deployments and health all show the change.
      changed();
      const names = { brand: tenant.brand, remote: remote.remote, version: updated.version };
      platform.ui.toast(
        updated.canaryVersion
          ? t('operator.actions.doneWithCanary', {
              ...names,
              canary: updated.canaryVersion,
              percent: updated.canaryPercent,
            })
          : t('operator.actions.done', names),
        'success',
      );
      onClose();
    });

  const asked = needsVersion && !choice ? null : confirmation(kind, remote, choice);
  return (
    <Modal
      open
      onClose={onClose}
      title={t(`operator.actions.titles.${kind}`, { remote: remote.remote, brand: tenant.brand })}
      closeLabel={t('operator.actions.close')}
    >
      <div data-testid="operator-action">
        {asked ? (
          <>
            <p>
              {t(`operator.actions.confirmations.${asked.key}`, {
                ...asked,
                remote: remote.remote,
                brand: tenant.brand,
                pinned: remote.version,
              })}
            </p>
            {action.error ? (
              <p className="vv-operator__error" role="alert">
                {action.error}
              </p>
            ) : null}
            <div className="vv-operator__buttons">
              <Button busy={action.busy} onClick={() => void run()}>
                {t('operator.actions.confirm')}
              </Button>
              <Button variant="ghost" onClick={onClose}>
                {t('operator.actions.cancel')}
              </Button>
            </div>
          </>
        ) : (
          <VersionForm kind={kind as 'pin' | 'canary'} remote={remote} onChoose={setChoice} onCancel={onClose} />
        )}
      </div>
    </Modal>
  );
}
