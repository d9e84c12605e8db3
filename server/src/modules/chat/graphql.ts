import type { MercuriusContext } from 'mercurius';
import {
  ACTOR_LIST_PAGE_SIZE,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  TOP_CAMS_KINDS,
  chatGraphqlSchema,
  ticketsGraphqlSchema,
  type Language,
  type TopCamsKind,
} from '@velvet/contracts';
import { HttpError } from '../../http/endpoint';
import { ageGate } from '../auth/age';
import type { GraphqlContribution } from '../module';
import { onlinePerformers } from '../performers/service';
import { buyChatTicket, chatShowList, removeChatTicket, ticketChatList, type TicketViewer } from './tickets';
import { topCams } from '../performers/topcams';

const MAX_FIRST = 100;

interface PageArgs {
  first?: number | null;
  offset?: number | null;
}

/** Paging of the lists; out of range is a 400-style VALIDATION_FAILED error. */
function page(args: PageArgs) {
  const first = args.first ?? ACTOR_LIST_PAGE_SIZE;
  const offset = args.offset ?? 0;
  if (first < 1 || first > MAX_FIRST || offset < 0) {
    throw new HttpError(400, 'VALIDATION_FAILED', `first must be 1..${MAX_FIRST} and offset at least 0`);
  }
  return { first, offset };
}

/** A date-time argument; unreadable is VALIDATION_FAILED. */
function dateArg(name: string, value: string | null | undefined): Date | null {
  if (value == null) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new HttpError(400, 'VALIDATION_FAILED', `${name} must be a date-time`);
  return date;
}

/** The caller as ticket and top cams lists see it: the `language` query parameter and a logged-in guest. */
async function viewer({ ctx, auth, reply }: MercuriusContext): Promise<TicketViewer> {
  const language = (reply.request.query as { language?: unknown }).language;
  return {
    language: (LANGUAGES as readonly unknown[]).includes(language) ? (language as Language) : DEFAULT_LANGUAGE,
    guestId: auth?.loggedIn ? auth.guestId : null,
    gate: await ageGate(ctx, auth),
  };
}

interface OnlineModelsArgs extends PageArgs {
  freeChat?: boolean | null;
  categoryId?: number | null;
}
interface ChatShowListArgs extends PageArgs {
  endDateFrom?: string | null;
  startDateTo?: string | null;
  order?: string | null;
  internal?: boolean | null;
}
interface BuyChatTicketArgs {
  id: number;
  creationType?: string | null;
  modelId: number;
  start?: string | null;
  promoCode?: string | null;
}

export const chatGraphql: GraphqlContribution = {
  schema: chatGraphqlSchema + ticketsGraphqlSchema,
  resolvers: {
    Query: {
      onlineModels: async (_root: unknown, args: OnlineModelsArgs, { ctx, auth }: MercuriusContext) =>
        onlinePerformers(
          ctx.db,
          { ...page(args), freeChat: args.freeChat, categoryId: args.categoryId },
          ctx.now(),
          await ageGate(ctx, auth),
        ),
      ticketChatList: async (_root: unknown, args: { modelId: number }, context: MercuriusContext) =>
        ticketChatList(context.ctx.db, args.modelId, await viewer(context), context.ctx.now()),
      chatShowList: async (_root: unknown, args: ChatShowListArgs, context: MercuriusContext) => {
        const order = args.order ?? 'ASC';
        if (order !== 'ASC' && order !== 'DESC') throw new HttpError(400, 'VALIDATION_FAILED', 'order is ASC or DESC');
        const now = context.ctx.now();
        const query = {
          ...page(args),
          order,
          endDateFrom: dateArg('endDateFrom', args.endDateFrom) ?? now,
          startDateTo: dateArg('startDateTo', args.startDateTo),
          internal: args.internal ?? false,
        } as const;
        return chatShowList(context.ctx.db, query, await viewer(context), now);
      },
      topCams: async (_root: unknown, args: PageArgs & { kind: string }, context: MercuriusContext) => {
        if (!(TOP_CAMS_KINDS as readonly string[]).includes(args.kind)) {
          throw new HttpError(400, 'VALIDATION_FAILED', `kind must be one of ${TOP_CAMS_KINDS.join(', ')}`);
        }
        const cams = await viewer(context);
        return topCams(context.ctx.db, args.kind as TopCamsKind, page(args), cams, cams.gate);
      },
    },
    Mutation: {
      buyChatTicket: async (_root: unknown, args: BuyChatTicketArgs, context: MercuriusContext) =>
        buyChatTicket(
          context.ctx,
          await viewer(context),
          { ...args, creationType: args.creationType ?? 'C' },
          context.ctx.now(),
        ),
      removeChatTicket: async (_root: unknown, args: { id: number }, context: MercuriusContext) =>
        removeChatTicket(context.ctx, await viewer(context), args.id, context.ctx.now()),
    },
  },
};
