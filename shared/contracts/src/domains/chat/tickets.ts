import type { ErrorCode } from '../../endpoint';
import { defineOperation } from '../../graphql';
import type { Language } from '../../routes';

/**
 * Ticket shows and cam shows (structured-query ticketChatList, buyChatTicket,
 * removeChatTicket and the chat show list) and the top cams lists. Prices in hundredths of a coin.
 */

/** Spec: ticket creation types, M manual, C chat ticket (the default), P purchased ticket. */
export const TICKET_CREATION_TYPES = ['M', 'C', 'P'] as const;
export type TicketCreationType = (typeof TICKET_CREATION_TYPES)[number];
/** Spec: the chat show list is of platform 1502 with status ok. */
export const CHAT_SHOW_PLATFORM_ID = 1502;
export const CHAT_SHOW_STATUS = 'ok';

/** Stable error codes of buyChatTicket / removeChatTicket (`errorCode` with success false). */
export const TICKET_ERROR_CODES = [
  'LOGIN_REQUIRED',
  'NOT_FOUND',
  'INSUFFICIENT_FUNDS',
  'SOLD_OUT',
  'SHOW_STARTED',
  'SHOW_ENDED',
  'NOT_BOUGHT',
  'INVALID_PROMO_CODE',
  'CREATION_TYPE_MISMATCH',
] as const satisfies readonly ErrorCode[];
export type TicketErrorCode = (typeof TICKET_ERROR_CODES)[number];

export interface LocalizedText {
  language: Language;
  value: string;
}
export interface TicketPrice {
  value: number;
  currency: string;
  symbol: string;
}
export interface ChatTicket {
  id: number;
  actorId: number;
  actorName: string;
  /** Path of the performer's profile in the language of the request. */
  actorLink: string;
  price: TicketPrice;
  title: LocalizedText[];
  description: LocalizedText[];
  postBuyInfo: LocalizedText[];
  sedcards: string[];
  avatar: string;
  /** ISO date-times. */
  start: string;
  end: string;
  isBought: boolean;
  isFree: boolean;
  canBuy: boolean;
  hasStarted: boolean;
  bonusCode: string | null;
  creationType: TicketCreationType;
  seatsLeft: number;
}
export interface CamShow extends ChatTicket {
  actorOnline: boolean;
  isFeatured: boolean;
  isAutoFeatured: boolean;
  isInternal: boolean;
}
export interface TicketMutationResult {
  success: boolean;
  errorCode: TicketErrorCode | null;
  ticket: ChatTicket | null;
  show: CamShow | null;
}

export const TOP_CAMS_KINDS = ['bestChats', 'top100', 'favorites', 'videocall'] as const;
export type TopCamsKind = (typeof TOP_CAMS_KINDS)[number];
/** One performer of a top cams list. */
export interface TopCam {
  id: number;
  name: string;
  profileLink: string;
  online: boolean;
  onlineVideocall: boolean;
  age: number;
  previewPicture: string;
  avatarPicture: string;
  spokenLanguages: string[];
  pinnedCount: number;
  ratingCount: number;
  satisfactionRate: number;
  rankingPointsVideoCall: number;
  videocallPrice: number;
}

/** GraphQL has no inheritance: a cam show repeats a ticket's fields, written once here. */
const ticketSdlFields = `
    id: Int!
    actorId: Int!
    actorName: String!
    actorLink: String!
    price: TicketPrice!
    title: [LocalizedText!]!
    description: [LocalizedText!]!
    postBuyInfo: [LocalizedText!]!
    sedcards: [String!]!
    avatar: String!
    start: String!
    end: String!
    isBought: Boolean!
    isFree: Boolean!
    canBuy: Boolean!
    hasStarted: Boolean!
    bonusCode: String
    creationType: String!
    seatsLeft: Int!`;

export const ticketsGraphqlSchema = /* GraphQL */ `
  type LocalizedText { language: String!, value: String! }
  type TicketPrice { value: Int!, currency: String!, symbol: String! }
  type ChatTicket {${ticketSdlFields}
  }
  type CamShow {${ticketSdlFields}
    actorOnline: Boolean!
    isFeatured: Boolean!
    isAutoFeatured: Boolean!
    isInternal: Boolean!
  }
  type TicketMutationResult { success: Boolean!, errorCode: String, ticket: ChatTicket, show: CamShow }
  type CamShowList { total: Int!, items: [CamShow!]! }
  type TopCam {
    id: Int!
    name: String!
    profileLink: String!
    online: Boolean!
    onlineVideocall: Boolean!
    age: Int!
    previewPicture: String!
    avatarPicture: String!
    spokenLanguages: [String!]!
    pinnedCount: Int!
    ratingCount: Int!
    satisfactionRate: Int!
    rankingPointsVideoCall: Int!
    videocallPrice: Int!
  }
  type TopCamList { total: Int!, items: [TopCam!]! }
  extend type Query {
    "Upcoming and running ticket shows of one performer."
    ticketChatList(modelId: Int!): [ChatTicket!]!
    "Cam shows of platform ${CHAT_SHOW_PLATFORM_ID} with status ${CHAT_SHOW_STATUS}, by start (order ASC or DESC)."
    chatShowList(endDateFrom: String, startDateTo: String, first: Int = 30, offset: Int = 0, order: String = "ASC", internal: Boolean): CamShowList!
    "Top cams lists: bestChats, top100, favorites (the guest's), videocall."
    topCams(kind: String!, first: Int = 30, offset: Int = 0): TopCamList!
  }
  extend type Mutation {
    buyChatTicket(id: Int!, creationType: String = "C", modelId: Int!, start: String, promoCode: String): TicketMutationResult!
    removeChatTicket(id: Int!): TicketMutationResult!
  }
`;

const ticketFields = `id actorId actorName actorLink price { value currency symbol } title { language value }
  description { language value } postBuyInfo { language value } sedcards avatar start end isBought isFree canBuy
  hasStarted bonusCode creationType seatsLeft`;
const showFields = `${ticketFields} actorOnline isFeatured isAutoFeatured isInternal`;

export const ticketChatListQuery = defineOperation<{ ticketChatList: ChatTicket[] }, { modelId: number }>(
  `query TicketChatList($modelId: Int!) { ticketChatList(modelId: $modelId) { ${ticketFields} } }`,
);

export interface ChatShowListVariables extends Record<string, unknown> {
  endDateFrom?: string;
  startDateTo?: string;
  first?: number;
  offset?: number;
  order?: 'ASC' | 'DESC';
  internal?: boolean;
}
export const chatShowListQuery = defineOperation<
  { chatShowList: { total: number; items: CamShow[] } },
  ChatShowListVariables
>(
  `query ChatShowList($endDateFrom: String, $startDateTo: String, $first: Int, $offset: Int, $order: String, $internal: Boolean) {
    chatShowList(endDateFrom: $endDateFrom, startDateTo: $startDateTo, first: $first, offset: $offset, order: $order, internal: $internal) {
      total items { ${showFields} }
    }
  }`,
);

export const topCamsQuery = defineOperation<
  { topCams: { total: number; items: TopCam[] } },
  { kind: TopCamsKind; first?: number; offset?: number }
>(
  `query TopCams($kind: String!, $first: Int, $offset: Int) {
    topCams(kind: $kind, first: $first, offset: $offset) {
      total items { id name profileLink online onlineVideocall age previewPicture avatarPicture spokenLanguages
        pinnedCount ratingCount satisfactionRate rankingPointsVideoCall videocallPrice }
    }
  }`,
);

export interface BuyChatTicketVariables extends Record<string, unknown> {
  id: number;
  creationType?: TicketCreationType;
  modelId: number;
  start?: string;
  promoCode?: string;
}
export const buyChatTicketMutation = defineOperation<{ buyChatTicket: TicketMutationResult }, BuyChatTicketVariables>(
  `mutation BuyChatTicket($id: Int!, $creationType: String, $modelId: Int!, $start: String, $promoCode: String) {
    buyChatTicket(id: $id, creationType: $creationType, modelId: $modelId, start: $start, promoCode: $promoCode) {
      success errorCode ticket { ${ticketFields} } show { ${showFields} }
    }
  }`,
);
export const removeChatTicketMutation = defineOperation<{ removeChatTicket: TicketMutationResult }, { id: number }>(
  `mutation RemoveChatTicket($id: Int!) {
    removeChatTicket(id: $id) { success errorCode ticket { ${ticketFields} } show { ${showFields} } }
  }`,
);
