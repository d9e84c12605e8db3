import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SUBSCRIPTION_PLANS,
  subscriptionEndpoints,
  type GuestSubscription,
  type SubscriptionKind,
  type SubscriptionPlan,
  type SubscriptionsState,
  type WidgetProps,
} from '@velvet/contracts';
import { LoadState, useGuest, useGuestKey, useLanguage, useLoaded, usePlatform, useTimeZone } from '@velvet/federation';
import { formatDate } from '@velvet/i18n';
import { ApiError, formatCurrency } from '@velvet/sdk';
import { Button, LoginPrompt } from '@velvet/ui';
import { CardField, cardNumberOf, useAttemptKey } from './payment';

const euros = (cents: number) => formatCurrency(cents, 'EUR');
const errorKey = (failure: unknown) => `subscriptions.errors.${failure instanceof ApiError ? failure.code : 'network'}`;

/** The guest's subscriptions and the plans on sale; the key follows who is logged in. */
export function useSubscriptions() {
  const platform = usePlatform();
  const guestKey = useGuestKey();
  return useLoaded(`account.subscriptions:${guestKey}`, () => platform.api.rest(subscriptionEndpoints.state));
}

/** The plans of a kind the guest may take: the trial only for one who never had it. */
export const plansOnSale = (state: SubscriptionsState, kind: SubscriptionKind) =>
  state.plans.filter((plan) => plan.kind === kind && !(plan.trial && state.trialUsed));

/** A plan's name, price and what follows it. */
export function PlanSummary({ plan }: { plan: SubscriptionPlan }) {
  const { t } = useTranslation();
  const renewal = SUBSCRIPTION_PLANS[SUBSCRIPTION_PLANS[plan.id].renewsAs];
  return (
    <>
      <h2>{t(`subscriptions.plans.${plan.id}`)}</h2>
      <p className="mf-account__price">
        {plan.trial
          ? t('subscriptions.trialPrice', {
              price: euros(plan.priceCents),
              days: plan.days,
              renewal: euros(renewal.priceCents),
              renewalDays: renewal.days,
            })
          : t('subscriptions.price', { price: euros(plan.priceCents), days: plan.days })}
      </p>
    </>
  );
}

/** A plan on sale with the card to pay it with. */
function PlanOffer({ plan, onStarted }: { plan: SubscriptionPlan; onStarted: () => void }) {
  const { t } = useTranslation();
  const platform = usePlatform();
  const ids = useId();
  const [card, setCard] = useState('');
  const [cardError, setCardError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const inFlight = useRef(false);
  const attempt = useAttemptKey<{ plan: string; cardNumber: string }>();

  const subscribe = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    const cardNumber = cardNumberOf(card);
    setCardError(cardNumber ? null : t('moneyCharge.errors.cardNumber'));
    if (!cardNumber) return;
    setError(null);
    const body = { plan: plan.id, cardNumber };
    inFlight.current = true;
    setPaying(true);
    try {
      await platform.api.rest(subscriptionEndpoints.subscribe, { body, idempotencyKey: attempt.keyFor(body) });
      attempt.done();
      platform.ui.toast(t(`subscriptions.started.${plan.kind}`), 'success');
      onStarted();
    } catch (failure) {
      attempt.done(failure);
      setError(t(errorKey(failure), { defaultValue: t('subscriptions.errors.generic') }));
    } finally {
      inFlight.current = false;
      setPaying(false);
    }
  };

  return (
    <form
      className="mf-account__offer mf-account__form"
      data-plan={plan.id}
      aria-label={t(`subscriptions.plans.${plan.id}`)}
      noValidate
      onSubmit={(event) => void subscribe(event)}
    >
      <PlanSummary plan={plan} />
      <CardField id={ids} value={card} onChange={setCard} disabled={paying} error={cardError} />
      {error && (
        <p className="mf-account__error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" busy={paying}>
        {t('subscriptions.subscribe', { price: euros(plan.priceCents) })}
      </Button>
    </form>
  );
}

/** A running subscription: until when, what the next period costs, and the way out (through the offer). */
function CurrentSubscription({ subscription, onChanged }: { subscription: GuestSubscription; onChanged: () => void }) {
  const { t } = useTranslation();
  const platform = usePlatform();
  const language = useLanguage();
  const timeZone = useTimeZone();
  const [offerCents, setOfferCents] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const date = formatDate(subscription.periodEnd, language, { dateStyle: 'medium', timeZone });
  const { kind } = subscription;

  const run = async (request: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await request();
    } catch (failure) {
      setError(t(errorKey(failure), { defaultValue: t('subscriptions.errors.generic') }));
    } finally {
      setBusy(false);
    }
  };
  const askToCancel = () =>
    run(async () => {
      const answer = await platform.api.rest(subscriptionEndpoints.cancel, { body: { kind } });
      if (answer.status === 'offered') setOfferCents(answer.offerPriceCents);
      else onChanged();
    });
  const answerOffer = (accept: boolean) =>
    run(async () => {
      await platform.api.rest(subscriptionEndpoints.acceptCancellationOffer, { body: { kind, accept } });
      platform.ui.toast(t(accept ? 'subscriptions.offerTaken' : 'subscriptions.cancelled', { date }), 'success');
      setOfferCents(null);
      onChanged();
    });

  return (
    <section className="mf-account__offer" data-subscription={kind} aria-label={t(`subscriptions.current.${kind}`)}>
      <h2>{t(`subscriptions.current.${kind}`)}</h2>
      <p role="status">
        {subscription.status === 'cancelled'
          ? t('subscriptions.endsOn', { date })
          : t('subscriptions.renewsOn', { date, price: euros(subscription.nextPriceCents) })}
      </p>
      {offerCents !== null ? (
        <div className="mf-account__cancel-offer" role="group" aria-label={t('subscriptions.offer.title')}>
          <h3>{t('subscriptions.offer.title')}</h3>
          <p>{t('subscriptions.offer.text', { price: euros(offerCents) })}</p>
          <Button busy={busy} onClick={() => void answerOffer(true)}>
            {t('subscriptions.offer.accept')}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => void answerOffer(false)}>
            {t('subscriptions.offer.decline')}
          </Button>
        </div>
      ) : subscription.status === 'active' ? (
        <Button variant="secondary" busy={busy} onClick={() => void askToCancel()}>
          {t('subscriptions.cancel')}
        </Button>
      ) : null}
      {error && (
        <p className="mf-account__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/**
 * The guest's subscription of one kind, or the plans to take it (the trial only for a guest who never had it);
 * visitors see the plans and are asked to log in. Prices are in EUR.
 */
export function SubscriptionPanel({ kind }: { kind: SubscriptionKind }) {
  const { t } = useTranslation();
  const platform = usePlatform();
  const guest = useGuest();
  const loaded = useSubscriptions();
  return (
    <LoadState loaded={loaded}>
      {(state) => {
        const current = state.subscriptions.find((subscription) => subscription.kind === kind);
        if (current) return <CurrentSubscription subscription={current} onChanged={loaded.reload} />;
        const plans = plansOnSale(state, kind);
        if (!guest.flags.loggedIn)
          return (
            <>
              {plans.map((plan) => (
                <article key={plan.id} className="mf-account__offer" data-plan={plan.id}>
                  <PlanSummary plan={plan} />
                </article>
              ))}
              <LoginPrompt text={t(`subscriptions.login.${kind}`)} buttonLabel={t('login.button')} ui={platform.ui} />
            </>
          );
        return (
          <>
            {plans.map((plan) => (
              <PlanOffer key={plan.id} plan={plan} onStarted={loaded.reload} />
            ))}
          </>
        );
      }}
    </LoadState>
  );
}

/** The TV subscription's page: what premium TV offers and the subscription. */
export function TvSubscription() {
  const { t } = useTranslation();
  return (
    <div className="mf-account">
      <h1>{t('subscriptions.tv.title')}</h1>
      <p>{t('subscriptions.tv.intro')}</p>
      <SubscriptionPanel kind="tv" />
    </div>
  );
}

/**
 * The TV subscription in the shell's modal (`flow.tvSubscription`, premium TV's buy button): the same plans and
 * payment as its page; the flow ends once the `subscription` push says the guest subscribes.
 */
export function TvSubscriptionWidget({ close }: WidgetProps<'flow.tvSubscription'>) {
  const subscriber = useGuest().flags.tvSubscriber;
  useEffect(() => {
    if (subscriber) close();
  }, [subscriber, close]);
  return (
    <div className="mf-account">
      <SubscriptionPanel kind="tv" />
    </div>
  );
}
