import { useTranslation } from 'react-i18next';
import { registryEndpoints } from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';
import { EmptyState, LoginPrompt } from '@velvet/ui';
import { PlatformContext, useGuest } from '@velvet/federation';
import { useShell } from '../layout/ShellContext';
import { ChangesProvider, LoadState, useLoaded } from './data';
import { useOperatorStrings } from './strings';
import { TenantPanel } from './TenantPanel';
import { HealthPanel } from './HealthPanel';
import { AnalyticsPanel } from './AnalyticsPanel';
import { ProcessesPanel } from './ProcessesPanel';
import { DeploymentsPanel } from './DeploymentsPanel';
import { OutboxPanel } from './OutboxPanel';
import { TwoFactorPanel } from './TwoFactorPanel';
import { PushPanel } from './PushPanel';
import { GuestsPanel } from './GuestsPanel';
import { AgeVerificationPanel } from './AgeVerificationPanel';
import { CompensationPanel } from './CompensationPanel';
import { CodesPanel } from './CodesPanel';
import { IncentivesPanel } from './IncentivesPanel';
import { TeasersPanel } from './TeasersPanel';
import './operator.css';

function OperatorsOnly() {
  const { t } = useTranslation('shell');
  return (
    <div data-testid="operator-forbidden">
      <EmptyState title={t('operator.forbiddenTitle')} text={t('operator.forbiddenText')} />
    </div>
  );
}

function LoginFirst() {
  const { t } = useTranslation('shell');
  const { platform } = useShell();
  return <LoginPrompt text={t('operator.loginRequired')} buttonLabel={t('auth.login')} ui={platform.ui} />;
}

/**
 * Tenants with their features and remotes, the server processes, the health of loads, the site's analytics, the
 * deployments log and guests' locks.
 */
function ConsoleBody() {
  const { t } = useTranslation('shell');
  const { platform } = useShell();
  const tenants = useLoaded('tenants', () => platform.api.rest(registryEndpoints.tenants));
  // The session's flags may be older than the account's role: the server's answer decides.
  if (tenants.error instanceof ApiError) {
    if (tenants.error.status === 403) return <OperatorsOnly />;
    if (tenants.error.status === 401) return <LoginFirst />;
  }
  return (
    <>
      <section className="vv-operator__tenants" aria-labelledby="operator-tenants">
        <h2 id="operator-tenants">{t('operator.tenants.title')}</h2>
        <LoadState loaded={tenants}>
          {({ items }) =>
            items.map((tenant) => (
              <TenantPanel
                key={tenant.id}
                tenant={tenant}
                onChange={(updated) =>
                  tenants.set({ items: items.map((item) => (item.id === updated.id ? updated : item)) })
                }
              />
            ))
          }
        </LoadState>
      </section>
      <ProcessesPanel />
      <HealthPanel />
      <AnalyticsPanel />
      <DeploymentsPanel />
      <PushPanel />
      <LoadState loaded={tenants}>
        {({ items }) => <IncentivesPanel tenantIds={items.map((item) => item.id)} />}
      </LoadState>
      <LoadState loaded={tenants}>{({ items }) => <TeasersPanel tenantIds={items.map((item) => item.id)} />}</LoadState>
      <OutboxPanel />
      <GuestsPanel />
      <AgeVerificationPanel />
      <CompensationPanel />
      <CodesPanel />
      <TwoFactorPanel />
    </>
  );
}

function Gate() {
  const guest = useGuest();
  if (!guest.flags.loggedIn) return <LoginFirst />;
  if (!guest.flags.operator) return <OperatorsOnly />;
  // A new account starts with an empty console.
  return <ConsoleBody key={guest.id} />;
}

/**
 * The operator console (route operatorConsole): operators switch features per tenant and pin, canary, promote
 * and roll back remote versions through the registry endpoints; anyone else sees a login prompt or "operators
 * only". Loaded as its own chunk the first time the route is opened.
 */
export default function OperatorConsole() {
  const { i18n, platform } = useShell();
  useOperatorStrings(i18n);
  const { t } = useTranslation('shell');
  // The platform's session hooks: the console is personal, shown to the visitor on the server and in hydration.
  return (
    <PlatformContext.Provider value={platform}>
      <ChangesProvider>
        <article className="vv-operator" data-testid="operator-console">
          <h1>{t('operator.title')}</h1>
          <p className="vv-operator__intro">{t('operator.intro')}</p>
          <Gate />
        </article>
      </ChangesProvider>
    </PlatformContext.Provider>
  );
}
