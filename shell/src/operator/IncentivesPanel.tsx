import { useTranslation } from 'react-i18next';
import {
  INCENTIVE_AUDIENCES,
  INCENTIVE_EVENTS,
  INCENTIVE_REGIONS,
  INCENTIVE_TYPES,
  conversionEndpoints,
  type IncentiveDefinition,
} from '@velvet/contracts';
import { useShell } from '../layout/ShellContext';
import type { TextField } from './LanguageTexts';
import { TenantDefinitions, useDraft } from './TenantDefinitions';

type Draft = Omit<IncentiveDefinition, 'tenantId' | 'texts' | 'countdownMinutes' | 'routeName' | 'actionRoute'> & {
  routeName: string;
  actionRoute: string;
  countdownMinutes: string;
};
const TEXT_FIELDS: readonly TextField<'title' | 'text' | 'action'>[] = [
  { name: 'title', label: 'operator.incentives.messageTitle', maxLength: 80, required: true },
  { name: 'text', label: 'operator.incentives.text', maxLength: 300, multiline: true, required: true },
  { name: 'action', label: 'operator.incentives.action', maxLength: 40, required: true },
];
const emptyDraft = (): Draft => ({
  region: 'exitIntent',
  type: 'exitIntent',
  event: 'pageLoad',
  routeName: '',
  audience: 'everyone',
  priority: 10,
  countdownMinutes: '',
  uniqueGroup: '',
  actionRoute: '',
});

/**
 * A tenant's conversion incentives: what shows in which region of the page on which event, for whom, with a
 * countdown or not, and its texts in every language (each guest sees those of her language). Closing one blocks
 * its group for the guest, so offers shown together share a group.
 */
export function IncentivesPanel({ tenantIds }: { tenantIds: readonly string[] }) {
  const { t } = useTranslation('shell');
  const { platform } = useShell();
  const { draft, edit, input, reset } = useDraft<Draft>(emptyDraft);

  const choice = <K extends 'region' | 'type' | 'event' | 'audience'>(field: K, values: readonly Draft[K][]) => (
    <label>
      {t(`operator.incentives.${field}`)}
      <select value={draft[field]} onChange={(change) => edit(field, change.target.value as Draft[K])}>
        {values.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <TenantDefinitions
      kind="incentives"
      tenantIds={tenantIds}
      load={async (tenantId) =>
        (await platform.api.rest(conversionEndpoints.operatorList, { query: { tenantId } })).data
      }
      create={async (tenantId, texts) => {
        const body: IncentiveDefinition = {
          ...draft,
          tenantId,
          priority: Number(draft.priority),
          routeName: draft.routeName.trim() || null,
          actionRoute: draft.actionRoute.trim() || null,
          countdownMinutes: draft.countdownMinutes ? Number(draft.countdownMinutes) : null,
          texts,
        };
        return (await platform.api.rest(conversionEndpoints.operatorCreate, { body })).data;
      }}
      remove={(incentiveId) => platform.api.rest(conversionEndpoints.operatorDelete, { params: { incentiveId } })}
      headers={[
        t('operator.incentives.region'),
        t('operator.incentives.type'),
        t('operator.incentives.event'),
        t('operator.incentives.group'),
        t('operator.incentives.messageTitle'),
      ]}
      cells={(item) => (
        <>
          <td>{item.region}</td>
          <td>{item.type}</td>
          <td>{item.routeName ? `${item.event} (${item.routeName})` : item.event}</td>
          <td>{item.uniqueGroup}</td>
          <td>{item.texts.en.title}</td>
        </>
      )}
      textFields={TEXT_FIELDS}
      onCreated={reset}
      fields={
        <>
          {choice('region', INCENTIVE_REGIONS)}
          {choice('type', INCENTIVE_TYPES)}
          {choice('event', INCENTIVE_EVENTS)}
          {choice('audience', INCENTIVE_AUDIENCES)}
          {input('routeName', t('operator.incentives.route'), { maxLength: 60 })}
          {input('priority', t('operator.incentives.priority'), { type: 'number', min: 0, max: 1000 })}
          {input('countdownMinutes', t('operator.incentives.countdown'), { type: 'number', min: 1 })}
          {input('uniqueGroup', t('operator.incentives.group'), { required: true, pattern: '[a-z0-9-]{1,40}' })}
          {input('actionRoute', t('operator.incentives.actionRoute'), { maxLength: 60 })}
        </>
      }
    />
  );
}
