import { accountGraphqlSchema } from '@velvet/contracts';
import { requireGuest } from '../../http/endpoint';
import type { Auth, GraphqlContribution, ModuleContext } from '../module';
import { benefitsOf } from './vouchers';

export const accountGraphql: GraphqlContribution = {
  schema: accountGraphqlSchema,
  resolvers: {
    Query: {
      guestBenefits: async (
        _root: unknown,
        _args: unknown,
        { auth, ctx }: { auth: Auth | null; ctx: ModuleContext },
      ) => {
        requireGuest(auth);
        return benefitsOf(ctx, auth);
      },
    },
  },
};
