import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { teaserEndpoints, type TeaserDefinition } from '@velvet/contracts';
import { Button, useAction } from '@velvet/ui';
import { useShell } from '../layout/ShellContext';
import { LoadState, useLoaded } from './data';
import { LanguageTextFields, useLanguageTexts, type TextField } from './LanguageTexts';
import { useErrorText } from './strings';
import { OperatorTable } from './Table';

interface Draft {
  routeName: string;
  routeArgs: string;
  position: number;
  actionRoute: string;
  startsAt: string;
  endsAt: string;
}
const TEXT_FIELDS: readonly TextField<'headline' | 'text' | 'action'>[] = [
  { name: 'headline', label: 'operator.teasers.headline', maxLength: 80, required: true },
  { name: 'text', label: 'operator.teasers.text', maxLength: 300, multiline: true, required: true },
  { name: 'action', label: 'operator.teasers.action', maxLength: 40, required: true },
];
const emptyDraft = (): Draft => ({
  routeName: '',
  routeArgs: '',
  position: 10,
  actionRoute: '',
  startsAt: '',
  endsAt: '',
});

/** `name=value` lines to route arguments; null when a line is not of that form. */
export function parseRouteArgs(text: string): Record<string, string> | null {
  const args: Record<string, string> = {};
  for (const line of text.split('\n').map((part) => part.trim())) {
    if (!line) continue;
    const match = /^([A-Za-z][A-Za-z0-9]*)=(.+)$/.exec(line);
    if (!match) return null;
    args[match[1]!] = match[2]!.trim();
  }
  return args;
}

/** A time of a datetime-local field (the operator's time zone) as an ISO time. */
const isoOf = (local: string) => new Date(local).toISOString();

/**
 * A tenant's teasers: boxes below the pages of one route or of every page, optionally only where the route's
 * arguments match, from a start to an end, with their texts in every language.
 */
export function TeasersPanel({ tenantIds }: { tenantIds: readonly string[] }) {
  const { t } = useTranslation('shell');
  const { platform } = useShell();
  const [tenantId, setTenantId] = useState(tenantIds[0] ?? '');
  const list = useLoaded(`teasers ${tenantId}`, async () =>
    tenantId ? (await platform.api.rest(teaserEndpoints.operatorList, { query: { tenantId } })).data : [],
  );
  const saving = useAction(useErrorText());
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const { texts, edit: editText, reset: resetTexts } = useLanguageTexts(TEXT_FIELDS);
  const [argsInvalid, setArgsInvalid] = useState(false);
  const edit = <K extends keyof Draft>(field: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const create = (event: FormEvent) => {
    event.preventDefault();
    const routeArgs = parseRouteArgs(draft.routeArgs);
    setArgsInvalid(routeArgs === null);
    if (routeArgs === null) return;
    const body: TeaserDefinition = {
      tenantId,
      routeName: draft.routeName.trim() || null,
      routeArgs,
      position: Number(draft.position),
      actionRoute: draft.actionRoute.trim(),
      startsAt: isoOf(draft.startsAt),
      endsAt: draft.endsAt ? isoOf(draft.endsAt) : null,
      texts,
    };
    return saving.run(async () => {
      const created = (await platform.api.rest(teaserEndpoints.operatorCreate, { body })).data;
      list.set([...(list.data ?? []), created].sort((a, b) => a.position - b.position || a.id - b.id));
      setDraft(emptyDraft());
      resetTexts();
    });
  };
  const remove = (teaserId: number) =>
    saving.run(async () => {
      await platform.api.rest(teaserEndpoints.operatorDelete, { params: { teaserId } });
      list.set((list.data ?? []).filter((item) => item.id !== teaserId));
    });

  return (
    <section className="vv-operator__tenant" aria-labelledby="operator-teasers" data-testid="operator-teasers">
      <h2 id="operator-teasers">{t('operator.teasers.title')}</h2>
      <p className="vv-operator__hint">{t('operator.teasers.intro')}</p>
      <label>
        {t('operator.teasers.tenant')}
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
              t('operator.teasers.position'),
              t('operator.teasers.route'),
              t('operator.teasers.headline'),
              t('operator.teasers.startsAt'),
              t('operator.teasers.endsAt'),
              t('operator.teasers.actions'),
            ]}
          >
            {items.map((item) => (
              <tr key={item.id}>
                <td>{item.position}</td>
                <td>
                  {[
                    item.routeName ?? '*',
                    ...Object.entries(item.routeArgs).map(([name, value]) => `${name}=${value}`),
                  ].join(' ')}
                </td>
                <td>{item.texts.en.headline}</td>
                <td>{new Date(item.startsAt).toLocaleString()}</td>
                <td>{item.endsAt ? new Date(item.endsAt).toLocaleString() : '—'}</td>
                <td>
                  <Button size="small" variant="secondary" onClick={() => void remove(item.id)}>
                    {t('operator.teasers.delete')}
                  </Button>
                </td>
              </tr>
            ))}
          </OperatorTable>
        )}
      </LoadState>
      <form className="vv-operator__form" onSubmit={(event) => void create(event)}>
        <label>
          {t('operator.teasers.route')}
          <input value={draft.routeName} maxLength={60} onChange={(change) => edit('routeName', change.target.value)} />
        </label>
        <label>
          {t('operator.teasers.args')}
          <textarea rows={2} value={draft.routeArgs} onChange={(change) => edit('routeArgs', change.target.value)} />
        </label>
        <label>
          {t('operator.teasers.position')}
          <input
            type="number"
            min={0}
            max={1000}
            value={draft.position}
            onChange={(change) => edit('position', Number(change.target.value))}
          />
        </label>
        <label>
          {t('operator.teasers.actionRoute')}
          <input
            required
            maxLength={60}
            value={draft.actionRoute}
            onChange={(change) => edit('actionRoute', change.target.value)}
          />
        </label>
        <label>
          {t('operator.teasers.startsAt')}
          <input
            required
            type="datetime-local"
            value={draft.startsAt}
            onChange={(change) => edit('startsAt', change.target.value)}
          />
        </label>
        <label>
          {t('operator.teasers.endsAt')}
          <input
            type="datetime-local"
            value={draft.endsAt}
            onChange={(change) => edit('endsAt', change.target.value)}
          />
        </label>
        <LanguageTextFields fields={TEXT_FIELDS} texts={texts} onEdit={editText} />
        <div className="vv-operator__buttons">
          <Button type="submit" busy={saving.busy}>
            {t('operator.teasers.create')}
          </Button>
        </div>
      </form>
      {argsInvalid && (
        <p className="vv-operator__error" role="alert">
          {t('operator.teasers.argsInvalid')}
        </p>
      )}
      {saving.error && (
        <p className="vv-operator__error" role="alert">
          {saving.error}
        </p>
      )}
    </section>
  );
}
