import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  accountEndpoints,
  type IncomingMessage,
  type RedeemedBonus,
  type Voucher,
  type VoucherUse,
} from '@velvet/contracts';
import { LoadState, RouteLink, useGuestKey, useLoaded, useLoggedIn, usePlatform } from '@velvet/federation';
import { ApiError } from '@velvet/sdk';
import { Button, EmptyState, LoginPrompt, useAction } from '@velvet/ui';
import { rewardLabel } from '../games/rewardLabel';

/** Bonus-code vouchers are the guest's scratch cards. */
const SCRATCH_CARD = 9;
/** Share of the cover scratched away at which the whole card shows. */
const REVEALED_AT = 0.5;
const BRUSH_RADIUS = 22;

/**
 * The guest's scratch cards (her bonus-code vouchers, won in games, behind advent doors or by codes): she scratches
 * the cover off a card with the pointer (or reveals it with a button), sees its code, and redeems it; the server
 * grants what the code gives and the page shows it. Her benefits follow through the `guestVouchers` push.
 */
export function ScratchCardPage() {
  const { t } = useTranslation();
  const { ui } = usePlatform();
  const loggedIn = useLoggedIn();
  return (
    <div className="specials-page">
      <h1>{t('scratchCard.title')}</h1>
      <p>{t('scratchCard.intro')}</p>
      {loggedIn ? (
        <GuestScratchCards />
      ) : (
        <LoginPrompt text={t('scratchCard.loginToScratch')} buttonLabel={t('common.login')} ui={ui} />
      )}
    </div>
  );
}

function GuestScratchCards() {
  const { t } = useTranslation();
  const { api, bus } = usePlatform();
  const guestKey = useGuestKey();
  const [won, setWon] = useState<RedeemedBonus | null>(null);
  const loaded = useLoaded(`scratchCards:${guestKey}`, () => api.rest(accountEndpoints.benefits));
  const { update } = loaded;
  useEffect(() => {
    const subscription = bus
      .on('guestVouchers')
      .subscribe(({ type: _type, ...benefits }: Extract<IncomingMessage, { type: 'guestVouchers' }>) =>
        update(() => benefits),
      );
    return () => subscription.unsubscribe();
  }, [bus, update]);
  return (
    <>
      {won ? <Winnings bonus={won} /> : null}
      <LoadState loaded={loaded}>
        {(benefits) => {
          const card = benefits.vouchers.find((voucher) => voucher.type === SCRATCH_CARD);
          return card ? (
            <>
              <p data-testid="scratch-cards-left">{t('scratchCard.left', { count: benefits.bonusCodeCount })}</p>
              <ScratchCard
                // A new card (or the next unit of one) starts covered again.
                key={`${card.id}:${card.amount}`}
                card={card}
                onRedeemed={(use) => {
                  setWon(use.bonus);
                  update(() => use.benefits);
                }}
              />
            </>
          ) : (
            <EmptyState title={t('scratchCard.none')} />
          );
        }}
      </LoadState>
    </>
  );
}

/** What the last card gave, in words. */
function Winnings({ bonus }: { bonus: RedeemedBonus }) {
  const { t } = useTranslation();
  return (
    <div className="specials-notice" role="status" data-testid="scratch-card-result">
      <p>{t('scratchCard.won')}</p>
      <ul>
        {bonus.granted.map((grant) => (
          <li key={grant.type}>{rewardLabel(t, { type: grant.type, value: grant.amount, title: null })}</li>
        ))}
        {bonus.onTop?.map((tier) => (
          <li key={tier.from}>{t('scratchCard.onTop', { amount: tier.amount, from: tier.from })}</li>
        ))}
      </ul>
      <RouteLink to="myAccountBenefits">{t('scratchCard.toBenefits')}</RouteLink>
    </div>
  );
}

/**
 * One card: its code under a cover the guest scratches off with the pointer (mouse, pen or finger), drawn on a
 * canvas; once half of it is off the cover goes. The button beside it reveals the card at once, for keyboards and
 * screen readers. Only a revealed card can be redeemed.
 */
function ScratchCard({ card, onRedeemed }: { card: Voucher; onRedeemed: (use: VoucherUse) => void }) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const [revealed, setRevealed] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const scratching = useRef(false);
  const redeeming = useAction((failure) =>
    t(`scratchCard.errors.${failure instanceof ApiError ? failure.code : 'network'}`, {
      defaultValue: t('scratchCard.errors.generic'),
    }),
  );
  const cover = t('scratchCard.cover');
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const { width, height } = context.canvas;
    const shine = context.createLinearGradient(0, 0, width, height);
    shine.addColorStop(0, '#8e8e93');
    shine.addColorStop(0.5, '#d1d1d6');
    shine.addColorStop(1, '#8e8e93');
    context.fillStyle = shine;
    context.fillRect(0, 0, width, height);
    context.fillStyle = '#1c1c1e';
    context.font = 'bold 20px sans-serif';
    context.textAlign = 'center';
    context.fillText(cover, width / 2, height / 2 + 7);
  }, [cover]);
  const scratch = (event: PointerEvent<HTMLCanvasElement>) => {
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    // The canvas may be drawn larger or smaller than its pixels: the pointer's place is scaled on each axis.
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) * context.canvas.width) / box.width;
    const y = ((event.clientY - box.top) * context.canvas.height) / box.height;
    context.globalCompositeOperation = 'destination-out';
    context.beginPath();
    context.arc(x, y, BRUSH_RADIUS, 0, Math.PI * 2);
    context.fill();
  };
  const measure = () => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const { data } = context.getImageData(0, 0, context.canvas.width, context.canvas.height);
    let clear = 0;
    // Every 16th pixel's alpha is enough to tell how much of the cover is gone.
    for (let alpha = 3; alpha < data.length; alpha += 64) if (data[alpha] === 0) clear++;
    if (clear / (data.length / 64) >= REVEALED_AT) setRevealed(true);
  };
  const redeem = () =>
    void redeeming.run(async () => {
      onRedeemed(
        await api.rest(accountEndpoints.useVoucher, {
          params: { voucherId: card.id },
          body: {},
          idempotencyKey: crypto.randomUUID(),
        }),
      );
    });
  return (
    <div className="specials-scratch">
      <div className="specials-scratch__card" data-testid="scratch-card" data-revealed={revealed}>
        {revealed ? (
          <p className="specials-scratch__code">
            {t('scratchCard.code')} <strong data-testid="scratch-card-code">{card.code}</strong>
          </p>
        ) : (
          <canvas
            ref={canvas}
            className="specials-scratch__cover"
            width={320}
            height={160}
            aria-hidden="true"
            onPointerDown={(event) => {
              scratching.current = true;
              event.currentTarget.setPointerCapture(event.pointerId);
              scratch(event);
            }}
            onPointerMove={(event) => {
              if (scratching.current) scratch(event);
            }}
            onPointerUp={() => {
              scratching.current = false;
              measure();
            }}
          />
        )}
      </div>
      {revealed ? (
        <Button disabled={redeeming.busy} onClick={redeem}>
          {t('scratchCard.redeem')}
        </Button>
      ) : (
        <Button variant="secondary" onClick={() => setRevealed(true)}>
          {t('scratchCard.reveal')}
        </Button>
      )}
      {redeeming.error ? (
        <p role="alert" className="specials-notice">
          {redeeming.error}
        </p>
      ) : null}
    </div>
  );
}
