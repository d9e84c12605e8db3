import { chatButtonPrice, type ChatButtonConfig, type RouteName } from '@velvet/contracts';

/** What the chat button offers, in the order the rules are checked. */
export type ChatButtonMode = 'banned' | 'offline' | 'ticketShow' | 'voyeur' | 'chat';

export interface ChatButtonView {
  mode: ChatButtonMode;
  /** Where a click leads; null when the button is disabled. */
  route: Extract<RouteName, 'actorChat' | 'actorLiveShow'> | null;
  /** Per minute in hundredths of a coin (0 shows the free label); null when no per-minute price applies. */
  pricePerMinute: number | null;
  /** Free chat minutes the guest holds with her. */
  voucherMinutes: number;
  /** A running ticket show the guest holds a ticket for. */
  hasTicket: boolean;
  /** A free live preview can be watched first. */
  livePreview: boolean;
}

/**
 * The spec's chat button config turned into what the button shows: a banned country or an offline performer
 * disable it (with the reason), a running ticket show leads to the live-show page, voyeur mode to the chat at the
 * voyeur price, otherwise the chat at the price per minute (free for a free chat or a zero price).
 */
export function chatButtonView(config: ChatButtonConfig): ChatButtonView {
  const base = {
    voucherMinutes: config.voucherChatMinutes,
    hasTicket: config.guestHasTicket,
    livePreview: false,
  };
  if (config.isBannedCountryCode) return { ...base, mode: 'banned', route: null, pricePerMinute: null };
  if (!config.isActorOnline) {
    return { ...base, mode: 'offline', route: null, pricePerMinute: chatButtonPrice(config) };
  }
  if (config.isCurrentlyTicketShow) {
    return { ...base, mode: 'ticketShow', route: 'actorLiveShow', pricePerMinute: null };
  }
  if (config.isVoyeurMode) {
    return { ...base, mode: 'voyeur', route: 'actorChat', pricePerMinute: config.prices.voyeur };
  }
  return {
    ...base,
    mode: 'chat',
    route: 'actorChat',
    pricePerMinute: chatButtonPrice(config),
    livePreview: config.isLivePreviewEnabled,
  };
}
