import * as z from 'zod/mini';
// The browser parses these shapes (the slot host): its zod must not compile parsers.
import './csp';
import { lazyRecord, once } from './lazy';
import { HOME_BLOCKS, homeSlot, type SlotName } from './slots';

/** A slot whose widget needs nothing but the platform. */
const noSlotProps = once(() => z.strictObject({}));
/** A flow's widget in the shell's modal: `close` ends the flow. */
const flowProps = once(() => z.strictObject({ close: z.custom<() => void>((value) => typeof value === 'function') }));
/** The performer whose profile tab the widget fills. */
const actorProfileShape = () => ({
  actorId: z.int().check(z.positive()),
  actorName: z.string().check(z.minLength(1)),
});
const actorProfileProps = once(() => z.strictObject(actorProfileShape()));

/**
 * What the host of each slot hands its widget besides the platform, defined once for host and widget: the slot
 * host checks the props where the slot is filled, and props that fail are never passed (the slot shows its
 * fallback). Strict, so a misspelt prop is refused rather than silently dropped. Built with zod's tree-shakable
 * functions: the slot host runs in every page's first bytes, and carries only the checks these shapes use. Each
 * shape is built when its slot is first filled, not while the page boots.
 */
export const SLOT_PROPS = lazyRecord({
  ...(Object.fromEntries(HOME_BLOCKS.map((block) => [homeSlot(block), noSlotProps])) as Record<
    ReturnType<typeof homeSlot>,
    typeof noSlotProps
  >),
  /** The videos tab narrows to the classic videos or to one tag group of the profile's sub-page. */
  'actorProfile.videos': () =>
    z.strictObject({
      ...actorProfileShape(),
      classic: z.optional(z.literal(true)),
      tagGroup: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
    }),
  'actorProfile.pictures': actorProfileProps,
  'actorProfile.feed': actorProfileProps,
  'actorProfile.onTv': actorProfileProps,
  'actorProfile.message': actorProfileProps,
  'myAccount.spinwheel': noSlotProps,
  'myAccount.rewards': noSlotProps,
  /** `close` ends the flow, e.g. once the charge succeeded. */
  'flow.moneyCharge': flowProps,
  /** `close` ends the flow, e.g. once the age is verified. */
  'flow.ageCheck': flowProps,
  /** `close` ends the flow, e.g. once the subscription started. */
  'flow.tvSubscription': flowProps,
  /** The name of the page's route (`home`, `videos`, ...). */
  'page.overlay': () => z.strictObject({ route: z.string().check(z.regex(/^[a-z][a-zA-Z0-9]*$/), z.maxLength(60)) }),
} satisfies Record<SlotName, () => z.ZodMiniType<Record<string, unknown>>>);

/** The props a slot's host passes (`platform` and the element are added by the slot host). */
export type SlotProps<S extends SlotName> = z.input<(typeof SLOT_PROPS)[S]>;
