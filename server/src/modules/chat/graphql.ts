import { ACTOR_LIST_PAGE_SIZE, chatGraphqlSchema } from '@velvet/contracts';
import type { GraphqlContext } from '../../graphql';
import { HttpError } from '../../http/endpoint';
import type { GraphqlContribution } from '../module';
import { onlineModels } from './service';

const MAX_FIRST = 100;

interface OnlineModelsArgs {
  first?: number | null;
  offset?: number | null;
  freeChat?: boolean | null;
  categoryId?: number | null;
}

export const chatGraphql: GraphqlContribution = {
  schema: chatGraphqlSchema,
  resolvers: {
    Query: {
      onlineModels: (_root: unknown, args: OnlineModelsArgs, { ctx }: GraphqlContext) => {
        const first = args.first ?? ACTOR_LIST_PAGE_SIZE;
        const offset = args.offset ?? 0;
        if (first < 1 || first > MAX_FIRST || offset < 0) {
          throw new HttpError(400, 'VALIDATION_FAILED', `first must be 1..${MAX_FIRST} and offset at least 0`);
        }
        return onlineModels(ctx.db, { first, offset, freeChat: args.freeChat, categoryId: args.categoryId });
      },
    },
  },
};
