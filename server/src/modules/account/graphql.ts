import { accountGraphqlSchema } from '@velvet/contracts';
import { requireGuest } from '../../http/endpoint';
import type { Auth, GraphqlContribution, ModuleContext } from '../module';
import { guestBenefits } from './service';

export const accountGraphql: GraphqlContribution = {
  schema: accountGraphqlSchema,
  resolvers: {
    Query: {
      guestBenefits: (_root: unknown, _args: unknown, { auth, ctx }: { auth: Auth | null; ctx: ModuleContext }) => {
        requireGuest(auth);
        return guestBenefits(ctx.db, auth.guestId, ctx.now());
      },
    },
  },
};
