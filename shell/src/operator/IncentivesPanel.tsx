import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INCENTIVE_AUDIENCES,
  INCENTIVE_EVENTS,
  INCENTIVE_REGIONS,
  INCENTIVE_TYPES,
  conversionEndpoints,
  type IncentiveDefinition,
} from '@velvet/contracts';
import { Button, useAction } from '@velvet/ui';
import { useShell } from '../layout/ShellContext';
import { LoadState, useLoaded } from './data';
import { LanguageTextFields, useLanguageTexts, type TextField } from './LanguageTexts';
import { useErrorText } from './strings';
import { OperatorTable } from './Table';

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
  const [tenantId, setTenantId] = useState(tenantIds[0] ?? '');
  const list = useLoaded(`incentives ${tenantId}`, async () =>
    tenantId ? (await platform.api.rest(conversionEndpoints.operatorList, { query: { tenantId } })).data : [],
  );
  const saving = useAction(useErrorText());
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const { texts, edit: editText, reset: resetTexts } = useLanguageTexts(TEXT_FIELDS);
  const edit = <K extends keyof Draft>(field: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const create = (event: FormEvent) => {
    event.preventDefault();
    const body: IncentiveDefinition = {
      ...draft,
      tenantId,
      priority: Number(draft.priority),
      routeName: draft.routeName.trim() || null,
      actionRoute: draft.actionRoute.trim() || null,
      countdownMinutes: draft.countdownMinutes ? Number(draft.countdownMinutes) : null,
      texts,
    };
    return saving.run(async () => {
      const created = (await platform.api.rest(conversionEndpoints.operatorCreate, { body })).data;
      list.set([...(list.data ?? []), created]);
      setDraft(emptyDraft());
      resetTexts();
    });
  };
  const remove = (incentiveId: number) =>
    saving.run(async () => {
      await platform.api.rest(conversionEndpoints.operatorDelete, { params: { incentiveId } });
      list.set((list.data ?? []).filter((item) => item.id !== incentiveId));
    });

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
    <section className="vv-operator__tenant" aria-labelledby="operator-incentives" data-testid="operator-incentives">
      <h2 id="operator-incentives">{t('operator.incentives.title')}</h2>
      <p className="vv-operator__hint">{t('operator.incentives.intro')}</p>
      <label>
        {t('operator.incentives.tenant')}
        <select value={tenantId} onChange={(change) => setTenantId(change.target.value)}>
          {tenantIds.map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>
      </label>
      <LoadState loaded={list}>
        {(items) => (
          <OperatorTable
            headers={[
              t('operator.incentives.region'),
              t('operator.incentives.type'),
              t('operator.incentives.event'),
              t('operator.incentives.group'),
              t('operator.incentives.messageTitle'),
              t('operator.incentives.actions'),
            ]}
          >
            {items.map((item) => (
              <tr key={item.id}>
                <td>{item.region}</td>
                <td>{item.type}</td>
                <td>{item.routeName ? `${item.event} (${item.routeName})` : item.event}</td>
                <td>{item.uniqueGroup}</td>
                <td>{item.texts.en.title}</td>
                <td>
                  <Button size="small" variant="secondary" onClick={() => void remove(item.id)}>
                    {t('operator.incentives.delete')}
                  </Button>
                </td>
              </tr>
            ))}
          </OperatorTable>
        )}
      </LoadState>
      <form className="vv-operator__form" onSubmit={(event) => void create(event)}>
        {choice('region', INCENTIVE_REGIONS)}
        {choice('type', INCENTIVE_TYPES)}
        {choice('event', INCENTIVE_EVENTS)}
        {choice('audience', INCENTIVE_AUDIENCES)}
        <label>
          {t('operator.incentives.route')}
          <input value={draft.routeName} maxLength={60} onChange={(change) => edit('routeName', change.target.value)} />
        </label>
        <label>
          {t('operator.incentives.priority')}
          <input
            type="number"
            min={0}
            max={1000}
            value={draft.priority}
            onChange={(change) => edit('priority', Number(change.target.value))}
          />
        </label>
        <label>
          {t('operator.incentives.countdown')}
          <input
            type="number"
            min={1}
            value={draft.countdownMinutes}
            onChange={(change) => edit('countdownMinutes', change.target.value)}
          />
        </label>
        <label>
          {t('operator.incentives.group')}
          <input
            required
            pattern="[a-z0-9-]{1,40}"
            value={draft.uniqueGroup}
            onChange={(change) => edit('uniqueGroup', change.target.value)}
          />
        </label>
        <label>
          {t('operator.incentives.actionRoute')}
          <input
            value={draft.actionRoute}
            maxLength={60}
            onChange={(change) => edit('actionRoute', change.target.value)}
          />
        </label>
        <LanguageTextFields fields={TEXT_FIELDS} texts={texts} onEdit={editText} />
        <div className="vv-operator__buttons">
          <Button type="submit" busy={saving.busy}>
            {t('operator.incentives.create')}
          </Button>
        </div>
      </form>
      {saving.error && (
        <p className="vv-operator__error" role="alert">
          {saving.error}
        </p>
      )}
    </section>
  );
}
