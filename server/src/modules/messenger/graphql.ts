import { LANGUAGES, messengerGraphqlSchema, type Language } from '@velvet/contracts';
import { requireGuest } from '../../http/endpoint';
import type { Auth, GraphqlContribution, ModuleContext } from '../module';
import { messengerContent } from './content';
import { boughtGiftsOf, giftCatalogue, toyControls } from './gifts';
import { unreadMessageCount } from './service';

interface ResolverContext {
  auth: Auth | null;
  ctx: ModuleContext;
}

export const messengerGraphql: GraphqlContribution = {
  schema: messengerGraphqlSchema,
  visitorSharedQueries: ['messengerGifts', 'messengerToyControls'],
  resolvers: {
    Query: {
      unreadMessageCount: (_root: unknown, _args: unknown, { auth, ctx }: ResolverContext) => {
        requireGuest(auth);
        return unreadMessageCount(ctx.db, auth.guestId);
      },
      messengerGifts: (_root: unknown, { language }: { language?: string | null }, { ctx }: ResolverContext) =>
        giftCatalogue(ctx.db, LANGUAGES.find((known) => known === language) ?? ('en' satisfies Language)),
      messengerToyControls: (_root: unknown, { language }: { language?: string | null }, { ctx }: ResolverContext) =>
        toyControls(ctx.db, LANGUAGES.find((known) => known === language) ?? ('en' satisfies Language)),
      messengerContent: (_root: unknown, args: unknown, { auth, ctx }: ResolverContext) => {
        requireGuest(auth);
        return messengerContent(ctx, auth.guestId, args);
      },
      boughtGifts: (_root: unknown, _args: unknown, { auth, ctx }: ResolverContext) => {
        requireGuest(auth);
        return boughtGiftsOf(ctx.db, auth.guestId);
      },
    },
  },
};
