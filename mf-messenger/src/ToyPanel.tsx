import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  messengerEndpoints,
  messengerToyControlsQuery,
  toyLevelAt,
  type ErrorCode,
  type ToyControl,
  type ToyRun,
} from '@velvet/contracts';
import { useLanguage, usePlatform } from '@velvet/federation';
import { formatCurrency } from '@velvet/sdk';
import { Button } from '@velvet/ui';

const ENDED: ToyRun['state'][] = ['finished', 'completed'];

/** The guest's runs after a push: the pushed one replaces its older state, ended ones leave the list. */
export function withRun(runs: ToyRun[], run: ToyRun): ToyRun[] {
  const others = runs.filter((known) => known.id !== run.id);
  return ENDED.includes(run.state) ? others : [...others, run].sort((a, b) => a.id - b.id);
}

/**
 * The performer's toy in the conversation: while it takes toy controls, the four controls (intensity, duration,
 * random mode, price) to buy, and the guest's runs on it with their state as the server pushes it. A control the
 * guest owns is used before coins (the server decides); too little money opens the money charge.
 */
export function ToyPanel({ actorId }: { actorId: number }) {
  const platform = usePlatform();
  const { t } = useTranslation();
  const language = useLanguage();
  const [available, setAvailable] = useState(false);
  const [controls, setControls] = useState<ToyControl[]>([]);
  const [runs, setRuns] = useState<ToyRun[]>([]);
  const [ended, setEnded] = useState<ToyRun | null>(null);
  const [failure, setFailure] = useState<ErrorCode | null>(null);
  // Asked again when she comes on line: her toy may take controls again.
  const [asked, setAsked] = useState(0);
  // While a run is started, the intensity it drives now (in random mode it changes) is shown anew every second.
  const [now, setNow] = useState(() => new Date());
  const running = runs.some((run) => run.state === 'started');
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, [running]);

  useEffect(() => {
    let active = true;
    void Promise.all([
      platform.api.rest(messengerEndpoints.toy, { params: { actorId } }),
      platform.api.query(messengerToyControlsQuery, { language }),
    ])
      .then(([toy, query]) => {
        if (!active) return;
        setAvailable(toy.available);
        setRuns(toy.runs);
        setControls(query.messengerToyControls);
      })
      // Without an answer there is nothing to offer; the conversation works on.
      .catch(() => active && setAvailable(false));
    return () => {
      active = false;
    };
  }, [platform, actorId, language, asked]);

  useEffect(() => {
    const subscriptions = [
      platform.bus.on('toyControl').subscribe(({ run }) => {
        if (run.actorId !== actorId) return;
        setRuns((current) => withRun(current, run));
        if (ENDED.includes(run.state)) setEnded(run);
      }),
      platform.bus.on('actorOffline').subscribe((push) => push.actorId === actorId && setAvailable(false)),
      platform.bus.on('actorOnline').subscribe((push) => push.actorId === actorId && setAsked((n) => n + 1)),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [platform, actorId]);

  const buy = async (control: ToyControl) => {
    setFailure(null);
    try {
      const { run } = await platform.api.rest(messengerEndpoints.buyToyControl, {
        params: { actorId },
        body: { giftId: control.id },
        idempotencyKey: crypto.randomUUID(),
      });
      setRuns((current) => withRun(current, run));
    } catch (error) {
      const code = (error as { code?: ErrorCode }).code ?? 'UNKNOWN';
      setFailure(code);
      if (code === 'INSUFFICIENT_FUNDS') platform.ui.open('moneyCharge');
      if (code === 'TOY_NOT_AVAILABLE') setAvailable(false);
    }
  };

  if (!available && runs.length === 0 && !ended && !failure) return null;
  const nameOf = (giftId: number) => controls.find((control) => control.id === giftId)?.displayName ?? '';
  return (
    <section className="mf-messenger__toy" aria-label={t('toy.title')}>
      <h3>{t('toy.title')}</h3>
      {available ? (
        <ul>
          {controls.map((control) => (
            <li key={control.id}>
              <img src={control.imageUrl} alt="" width={40} height={40} />
              <Button size="small" variant="secondary" onClick={() => void buy(control)}>
                {t(control.random ? 'toy.buyRandom' : 'toy.buy', {
                  name: control.displayName,
                  intensity: control.intensity,
                  seconds: control.duration,
                  price: formatCurrency(control.price.value, 'VXC', language),
                })}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <ul aria-live="polite" className="mf-messenger__toy-runs">
        {[...runs, ...(ended ? [ended] : [])].map((run) => (
          <li key={`${run.id}-${run.state}`} data-state={run.state}>
            {t(`toy.state.${run.state}`, {
              name: nameOf(run.giftId),
              seconds: run.duration,
              level: toyLevelAt(run, now),
            })}
          </li>
        ))}
      </ul>
      {failure ? <p role="alert">{t([`errors.${failure}`, 'errors.other'])}</p> : null}
    </section>
  );
}
