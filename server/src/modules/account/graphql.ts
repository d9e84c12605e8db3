import { accountGraphqlSchema } from '@velvet/contracts';
import { requireGuest } from '../../http/endpoint';
import { ageGate } from '../auth/age';
import type { Auth, GraphqlContribution, ModuleContext } from '../module';
import { guestBenefits } from './service';

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
        return guestBenefits(ctx.db, auth.guestId, await ageGate(ctx, auth), ctx.now());
      },
    },
  },
};
