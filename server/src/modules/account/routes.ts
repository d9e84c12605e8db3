import type { FastifyPluginAsync } from 'fastify';
import { accountEndpoints } from '@velvet/contracts';
import { route } from '../../http/endpoint';
import type { ModuleContext } from '../module';
import { guestBenefits } from './service';

export const accountRoutes =
  (ctx: ModuleContext): FastifyPluginAsync =>
  async (app) => {
    const { db } = ctx;
    route(app, accountEndpoints.benefits, ({ auth }) => guestBenefits(db, auth.guestId, ctx.now()));
  };
