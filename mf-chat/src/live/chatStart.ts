import {
  CHAT_START_ATTEMPTS,
  PREVIEW_START_ATTEMPTS,
  RETRY_CHAT_START_MS,
  chatSessionEndpoints,
  type ChatSession,
  type ChatType,
  type ErrorCode,
  type PlatformApiClients,
} from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';

/** Where the browser keeps its last chat start number (one counter per browser, shared by its tabs). */
export const SEQUENCE_STORAGE_KEY = 'velvet.chatStartSequence';
/** Numbers are floored by the seconds since this moment, so a guest's other browser cannot block this one. */
const SEQUENCE_EPOCH_MS = Date.UTC(2026, 0, 1);

/**
 * The next chat start number of this browser: above the last one it used, and never below the seconds since
 * SEQUENCE_EPOCH_MS, because the server compares it with the guest's last start from any browser.
 */
export function nextSequenceNumber(storage: Storage = localStorage, now = Date.now()): number {
  const last = Number(storage.getItem(SEQUENCE_STORAGE_KEY)) || 0;
  const next = Math.max(last + 1, Math.floor((now - SEQUENCE_EPOCH_MS) / 1000), 1);
  storage.setItem(SEQUENCE_STORAGE_KEY, String(next));
  return next;
}

/** Start errors worth another attempt: the performer did not answer in time, the socket is reconnecting, a fault. */
const RETRYABLE_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['CHAT_START_TIMEOUT', 'GUEST_OFFLINE']);
export function isRetryableStartError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status >= 500 || RETRYABLE_CODES.has(error.code);
}

/** Spec: a chat start is tried twice, a live preview once. */
export const startAttempts = (chatType: ChatType) =>
  chatType === 'LIVE_PREVIEW' ? PREVIEW_START_ATTEMPTS : CHAT_START_ATTEMPTS;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Starts a chat: each attempt with a new, higher sequence number; a retryable failure is tried again after
 * RETRY_CHAT_START_MS while attempts are left, any other failure is thrown at once.
 */
export async function startChat(
  api: PlatformApiClients,
  actorId: number,
  chatType: ChatType,
  storage: Storage = localStorage,
): Promise<ChatSession> {
  const attempts = startAttempts(chatType);
  for (let attempt = 1; ; attempt++) {
    try {
      return await api.rest(chatSessionEndpoints.start, {
        body: { actorId, chatType, sequenceNumber: nextSequenceNumber(storage) },
      });
    } catch (error) {
      if (attempt >= attempts || !isRetryableStartError(error)) throw error;
      await wait(RETRY_CHAT_START_MS);
    }
  }
}
