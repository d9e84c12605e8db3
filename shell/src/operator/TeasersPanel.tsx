import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { teaserEndpoints, type TeaserDefinition } from '@velvet/contracts';
import { useShell } from '../layout/ShellContext';
import type { TextField } from './LanguageTexts';
import { TenantDefinitions, useDraft } from './TenantDefinitions';

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
  const { draft, edit, input, reset } = useDraft<Draft>(emptyDraft);
  const [argsInvalid, setArgsInvalid] = useState(false);

  return (
    <TenantDefinitions
      kind="teasers"
      tenantIds={tenantIds}
      load={async (tenantId) => (await platform.api.rest(teaserEndpoints.operatorList, { query: { tenantId } })).data}
      create={(tenantId, texts) => {
        const routeArgs = parseRouteArgs(draft.routeArgs);
        setArgsInvalid(routeArgs === null);
        if (routeArgs === null) return undefined;
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
        return platform.api.rest(teaserEndpoints.operatorCreate, { body }).then((created) => created.data);
      }}
      remove={(teaserId) => platform.api.rest(teaserEndpoints.operatorDelete, { params: { teaserId } })}
      order={(a, b) => a.position - b.position || a.id - b.id}
      headers={[
        t('operator.teasers.position'),
        t('operator.teasers.route'),
        t('operator.teasers.headline'),
        t('operator.teasers.startsAt'),
        t('operator.teasers.endsAt'),
      ]}
      cells={(item) => (
        <>
          <td>{item.position}</td>
          <td>
            {[item.routeName ?? '*', ...Object.entries(item.routeArgs).map(([name, value]) => `${name}=${value}`)].join(
              ' ',
            )}
          </td>
          <td>{item.texts.en.headline}</td>
          <td>{new Date(item.startsAt).toLocaleString()}</td>
          <td>{item.endsAt ? new Date(item.endsAt).toLocaleString() : '—'}</td>
        </>
      )}
      textFields={TEXT_FIELDS}
      onCreated={reset}
      problem={argsInvalid ? t('operator.teasers.argsInvalid') : undefined}
      fields={
        <>
          {input('routeName', t('operator.teasers.route'), { maxLength: 60 })}
          <label>
            {t('operator.teasers.args')}
            <textarea rows={2} value={draft.routeArgs} onChange={(change) => edit('routeArgs', change.target.value)} />
          </label>
          {input('position', t('operator.teasers.position'), { type: 'number', min: 0, max: 1000 })}
          {input('actionRoute', t('operator.teasers.actionRoute'), { required: true, maxLength: 60 })}
          {input('startsAt', t('operator.teasers.startsAt'), { required: true, type: 'datetime-local' })}
          {input('endsAt', t('operator.teasers.endsAt'), { type: 'datetime-local' })}
        </>
      }
    />
  );
}
