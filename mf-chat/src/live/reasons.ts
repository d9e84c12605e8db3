import { CHAT_EXIT_CODES, type ChatExitReason, type ErrorCode } from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';

/** The start error codes of the chat start endpoint that have their own message (locale `chat.startError.*`). */
const START_ERROR_CODES = [
  'BALANCE_TOO_LOW',
  'LOGIN_REQUIRED',
  'CHAT_IN_PROGRESS',
  'GUEST_OFFLINE',
  'WRONG_SEQUENCE_NUMBER',
  'CHAT_START_TIMEOUT',
  'ACTOR_OFFLINE',
  'ACTOR_BUSY',
  'CHAT_TYPE_UNAVAILABLE',
  'COUNTRY_BANNED',
  'TICKET_REQUIRED',
  'AGE_CHECK_REQUIRED',
] as const satisfies readonly ErrorCode[];
export type StartErrorCode = (typeof START_ERROR_CODES)[number] | 'FAILED';

/** The start error as the page treats it: a known code, or FAILED for anything else (network, bug). */
export function startErrorCode(error: unknown): StartErrorCode {
  if (!(error instanceof ApiError)) return 'FAILED';
  // An anonymous session asking for a guest's chat.
  if (error.status === 401) return 'LOGIN_REQUIRED';
  return (START_ERROR_CODES as readonly string[]).includes(error.code) ? (error.code as StartErrorCode) : 'FAILED';
}

const REASON_BY_CODE = new Map<number, ChatExitReason>(
  (Object.entries(CHAT_EXIT_CODES) as [ChatExitReason, number][]).map(([reason, code]) => [code, reason]),
);

/**
 * The locale key (`chat.exit.*`) of an exit code: the named reason, or the range it falls into (spec: client
 * 100-199, host 200-299, preview 400-499, 900-999 technical).
 */
export function exitReasonKey(exitCode: number): string {
  const reason = REASON_BY_CODE.get(exitCode);
  if (reason) return reason;
  if (exitCode >= 100 && exitCode < 200) return 'clientOther';
  if (exitCode >= 200 && exitCode < 300) return 'hostOther';
  if (exitCode >= 400 && exitCode < 500) return 'previewOther';
  return 'technical';
}

/** Exit codes of a chat that ended because it needs the age verification (the guest's was withdrawn). */
const AGE_CHECK_EXIT_CODES: readonly number[] = [
  CHAT_EXIT_CODES.ageRatingDenied,
  CHAT_EXIT_CODES.previewAgeRatingDenied,
];
export const endedForAgeCheck = (exitCode: number) => AGE_CHECK_EXIT_CODES.includes(exitCode);
