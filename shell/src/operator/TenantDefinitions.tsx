import { useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, useAction } from '@velvet/ui';
import { LoadState, useLoaded } from './data';
import { LanguageTextFields, useLanguageTexts, type LanguageTexts, type TextField } from './LanguageTexts';
import { useErrorText } from './strings';
import { OperatorTable } from './Table';

/**
 * The draft of a new definition: its fields, a change of one, and a labelled input bound to a field (a number
 * field stays a number).
 */
export function useDraft<Draft extends Record<keyof Draft, string | number>>(empty: () => Draft) {
  const [draft, setDraft] = useState(empty);
  const edit = <K extends keyof Draft>(field: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [field]: value }));
  const input = <K extends keyof Draft & string>(
    field: K,
    label: string,
    attributes: InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <label>
      {label}
      <input
        {...attributes}
        value={draft[field]}
        onChange={(change) =>
          edit(
            field,
            (typeof draft[field] === 'number' ? Number(change.target.value) : change.target.value) as Draft[K],
          )
        }
      />
    </label>
  );
  return { draft, edit, input, reset: () => setDraft(empty()) };
}

/**
 * A panel of one kind of a tenant's definitions (incentives, teasers): the tenant chosen, its definitions in a
 * table with a delete button each, and a form for a new one with its texts in every language. The panel of the
 * kind brings the draft's fields, the table's columns and the calls.
 */
export function TenantDefinitions<Item extends { id: number }, F extends string>({
  kind,
  tenantIds,
  load,
  create,
  remove,
  order,
  headers,
  cells,
  textFields,
  fields,
  onCreated,
  problem,
}: {
  kind: 'incentives' | 'teasers';
  tenantIds: readonly string[];
  load: (tenantId: string) => Promise<Item[]>;
  /** The new definition from the draft, or undefined when the draft is not valid (`problem` says why). */
  create: (tenantId: string, texts: LanguageTexts<F>) => Promise<Item> | undefined;
  remove: (id: number) => Promise<unknown>;
  /** The table's order, when it is not the order of creation. */
  order?: (a: Item, b: Item) => number;
  /** The column headers before the actions, in words. */
  headers: readonly string[];
  cells: (item: Item) => ReactNode;
  textFields: readonly TextField<F>[];
  fields: ReactNode;
  /** Clears the draft once its definition is created. */
  onCreated: () => void;
  problem?: string;
}) {
  const { t } = useTranslation('shell');
  const [tenantId, setTenantId] = useState(tenantIds[0] ?? '');
  const list = useLoaded(`${kind} ${tenantId}`, async () => (tenantId ? load(tenantId) : []));
  const saving = useAction(useErrorText());
  const { texts, edit: editText, reset: resetTexts } = useLanguageTexts(textFields);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    return saving.run(async () => {
      const created = await create(tenantId, texts);
      if (!created) return;
      const items = [...(list.data ?? []), created];
      list.set(order ? items.sort(order) : items);
      onCreated();
      resetTexts();
    });
  };
  const removeItem = (id: number) =>
    saving.run(async () => {
      await remove(id);
      list.set((list.data ?? []).filter((item) => item.id !== id));
    });

  return (
    <section className="vv-operator__tenant" aria-labelledby={`operator-${kind}`} data-testid={`operator-${kind}`}>
      <h2 id={`operator-${kind}`}>{t(`operator.${kind}.title`)}</h2>
      <p className="vv-operator__hint">{t(`operator.${kind}.intro`)}</p>
      <label>
        {t(`operator.${kind}.tenant`)}
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
          <OperatorTable headers={[...headers, t(`operator.${kind}.actions`)]}>
            {items.map((item) => (
              <tr key={item.id}>
                {cells(item)}
                <td>
                  <Button size="small" variant="secondary" onClick={() => void removeItem(item.id)}>
                    {t(`operator.${kind}.delete`)}
                  </Button>
                </td>
              </tr>
            ))}
          </OperatorTable>
        )}
      </LoadState>
      <form className="vv-operator__form" onSubmit={(event) => void submit(event)}>
        {fields}
        <LanguageTextFields fields={textFields} texts={texts} onEdit={editText} />
        <div className="vv-operator__buttons">
          <Button type="submit" busy={saving.busy}>
            {t(`operator.${kind}.create`)}
          </Button>
        </div>
      </form>
      {[problem, saving.error].map(
        (text) =>
          text && (
            <p key={text} className="vv-operator__error" role="alert">
              {text}
            </p>
          ),
      )}
    </section>
  );
}
