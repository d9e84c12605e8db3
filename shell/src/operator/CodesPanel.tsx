import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CODE_BENEFIT_TYPES,
  CODE_KINDS,
  codesEndpoints,
  type CodeBenefitType,
  type CodeCampaign,
  type CodeKind,
  type CodeTier,
} from '@velvet/contracts';
import { formatDate } from '@velvet/i18n';
import { Button, EmptyState, useAction } from '@velvet/ui';
import { useShell } from '../layout/ShellContext';
import { LoadState, useChanged, useLanguage, useLoaded } from './data';
import { useErrorText } from './strings';
import { OperatorTable } from './Table';

/** Tiers as operators type them: `from:amount` pairs, comma separated (`40:10, 200:60`); null when unreadable. */
export function parseTiers(text: string): CodeTier[] | null {
  const tiers = text
    .split(',')
    .filter((part) => part.trim() !== '')
    .map((part) => /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(part));
  if (tiers.length === 0 || tiers.some((match) => match === null)) return null;
  return tiers.map((match) => ({ from: Number(match![1]), amount: Number(match![2]) }));
}
const tiersText = (tiers: readonly CodeTier[]) => tiers.map((tier) => `${tier.from}:${tier.amount}`).join(', ');

/**
 * Bonus codes, promo codes and scratch cards: an operator creates a campaign (what its codes give in staggered tiers,
 * to whom, and when) and then its codes: a named bonus code with its number of redemptions, or scratch cards the
 * server makes up. A promo code is a campaign whose benefit is `ontop`, given at the guest's next top-up.
 */
export function CodesPanel() {
  const { t } = useTranslation('shell');
  const { platform } = useShell();
  const language = useLanguage();
  const campaigns = useLoaded('codes.campaigns', () => platform.api.rest(codesEndpoints.campaigns));
  return (
    <section className="vv-operator__tenant" aria-labelledby="operator-codes" data-testid="operator-codes">
      <h2 id="operator-codes">{t('operator.codes.title')}</h2>
      <p className="vv-operator__hint">{t('operator.codes.hint')}</p>
      <CampaignForm />
      <LoadState loaded={campaigns}>
        {({ campaigns: items }) =>
          items.length === 0 ? (
            <EmptyState title={t('operator.codes.none')} />
          ) : (
            <OperatorTable
              headers={[
                t('operator.codes.name'),
                t('operator.codes.benefits'),
                t('operator.codes.validTo'),
                t('operator.codes.counts'),
                t('operator.codes.newCodes'),
              ]}
            >
              {items.map((campaign) => (
                <tr key={campaign.id} data-campaign={campaign.name}>
                  <td>
                    {campaign.name}
                    <br />
                    <small>
                      {t(`operator.codes.kinds.${campaign.kind}`)}
                      {campaign.welcome ? ` · ${t('operator.codes.welcome')}` : ''}
                      {campaign.conditions.vip ? ` · ${t('operator.codes.vip')}` : ''}
                      {campaign.conditions.requireMobileAuth ? ` · ${t('operator.codes.mobile')}` : ''}
                    </small>
                  </td>
                  <td>
                    {campaign.benefits
                      .map((b) => `${t(`operator.codes.types.${b.type}`)} (${tiersText(b.tiers)})`)
                      .join('; ')}
                  </td>
                  <td>{formatDate(campaign.validTo, language, { dateStyle: 'medium' })}</td>
                  <td>
                    {t('operator.codes.countsValue', { codes: campaign.codes, redemptions: campaign.redemptions })}
                  </td>
                  <td>
                    <CodesForm campaign={campaign} />
                  </td>
                </tr>
              ))}
            </OperatorTable>
          )
        }
      </LoadState>
    </section>
  );
}

function CampaignForm() {
  const { t } = useTranslation('shell');
  const { platform } = useShell();
  const changed = useChanged();
  const creating = useAction(useErrorText());
  const [name, setName] = useState('');
  const [kind, setKind] = useState<CodeKind>('bonusCode');
  const [type, setType] = useState<CodeBenefitType>('bonus');
  const [tiers, setTiers] = useState('0:10');
  const [welcome, setWelcome] = useState(false);
  const [vip, setVip] = useState(false);
  const [mobile, setMobile] = useState(false);
  const [validFrom, setValidFrom] = useState('');
  const [validTo, setValidTo] = useState('');
  const [done, setDone] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const parsed = parseTiers(tiers);
    if (!parsed) return creating.fail(t('operator.codes.tiersInvalid'));
    void creating.run(async () => {
      const campaign = await platform.api.rest(codesEndpoints.createCampaign, {
        body: {
          name: name.trim(),
          kind,
          welcome,
          benefits: [{ type, tiers: parsed }],
          conditions: { requireMobileAuth: mobile, vip },
          validFrom: new Date(validFrom).toISOString(),
          validTo: new Date(validTo).toISOString(),
        },
      });
      setDone(t('operator.codes.created', { name: campaign.name }));
      setName('');
      changed();
    });
  };

  return (
    <form className="vv-operator__form" onSubmit={submit} aria-label={t('operator.codes.newCampaign')}>
      <label>
        {t('operator.codes.name')}
        <input
          name="name"
          required
          minLength={3}
          maxLength={80}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <label>
        {t('operator.codes.kind')}
        <select name="kind" value={kind} onChange={(e) => setKind(e.target.value as CodeKind)}>
          {CODE_KINDS.map((value) => (
            <option key={value} value={value}>
              {t(`operator.codes.kinds.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('operator.codes.benefit')}
        <select name="type" value={type} onChange={(e) => setType(e.target.value as CodeBenefitType)}>
          {CODE_BENEFIT_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`operator.codes.types.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('operator.codes.tiers')}
        <input name="tiers" required value={tiers} onChange={(e) => setTiers(e.target.value)} />
      </label>
      <p className="vv-operator__hint">{t('operator.codes.tiersHint')}</p>
      <label>
        <input type="checkbox" checked={welcome} onChange={(e) => setWelcome(e.target.checked)} />
        {t('operator.codes.welcome')}
      </label>
      <label>
        <input type="checkbox" checked={vip} onChange={(e) => setVip(e.target.checked)} />
        {t('operator.codes.vip')}
      </label>
      <label>
        <input type="checkbox" checked={mobile} onChange={(e) => setMobile(e.target.checked)} />
        {t('operator.codes.mobile')}
      </label>
      <label>
        {t('operator.codes.validFrom')}
        <input
          name="validFrom"
          type="datetime-local"
          required
          value={validFrom}
          onChange={(e) => setValidFrom(e.target.value)}
        />
      </label>
      <label>
        {t('operator.codes.validTo')}
        <input
          name="validTo"
          type="datetime-local"
          required
          value={validTo}
          onChange={(e) => setValidTo(e.target.value)}
        />
      </label>
      <div className="vv-operator__buttons">
        <Button type="submit" busy={creating.busy}>
          {t('operator.codes.createCampaign')}
        </Button>
      </div>
      {done && <p role="status">{done}</p>}
      {creating.error && (
        <p className="vv-operator__error" role="alert">
          {creating.error}
        </p>
      )}
    </form>
  );
}

/** A campaign's new codes: a named bonus code (redemptions empty: unlimited) or a number of scratch cards. */
function CodesForm({ campaign }: { campaign: CodeCampaign }) {
  const { t } = useTranslation('shell');
  const { platform } = useShell();
  const changed = useChanged();
  const adding = useAction(useErrorText());
  const [code, setCode] = useState('');
  const [count, setCount] = useState('');
  const [made, setMade] = useState<string[]>([]);
  const scratch = campaign.kind === 'scratchCard';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void adding.run(async () => {
      const body = scratch
        ? { count: Number(count) }
        : { code: code.trim(), redemptions: count.trim() === '' ? null : Number(count) };
      const answer = await platform.api.rest(codesEndpoints.createCodes, {
        params: { campaignId: campaign.id },
        body,
      });
      setMade(answer.codes.map((c) => c.code));
      setCode('');
      setCount('');
      changed();
    });
  };

  return (
    <form
      className="vv-operator__form"
      onSubmit={submit}
      aria-label={t('operator.codes.newCodesFor', { name: campaign.name })}
    >
      {!scratch && (
        <label>
          {t('operator.codes.code')}
          <input
            name="code"
            required
            pattern="[A-Za-z0-9\-]{3,32}"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </label>
      )}
      <label>
        {t(scratch ? 'operator.codes.cards' : 'operator.codes.redemptions')}
        <input
          name="count"
          type="number"
          min={1}
          required={scratch}
          value={count}
          onChange={(e) => setCount(e.target.value)}
        />
      </label>
      <Button type="submit" busy={adding.busy}>
        {t('operator.codes.addCodes')}
      </Button>
      {made.length > 0 && (
        <p role="status">
          {t('operator.codes.made', { count: made.length })} <code>{made.join(' ')}</code>
        </p>
      )}
      {adding.error && (
        <p className="vv-operator__error" role="alert">
          {adding.error}
        </p>
      )}
    </form>
  );
}
