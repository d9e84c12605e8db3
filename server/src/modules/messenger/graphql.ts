import { messengerGraphqlSchema } from '@velvet/contracts';
import { requireGuest } from '../../http/endpoint';
import type { Auth, GraphqlContribution, ModuleContext } from '../module';
import { unreadMessageCount } from './service';

export const messengerGraphql: GraphqlContribution = {
  schema: messengerGraphqlSchema,
  resolvers: {
    Query: {
      unreadMessageCount: (
        _root: unknown,
        _args: unknown,
        { auth, ctx }: { auth: Auth | null; ctx: ModuleContext },
      ) => {
        requireGuest(auth);
        return unreadMessageCount(ctx.db, auth.guestId);
      },
    },
  },
};
