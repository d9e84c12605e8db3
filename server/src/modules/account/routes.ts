import type { FastifyPluginAsync } from 'fastify';
import { accountEndpoints } from '@velvet/contracts';
import { route } from '../../http/endpoint';
import { ageGate } from '../auth/age';
import type { ModuleContext } from '../module';
import { guestBenefits } from './service';

export const accountRoutes =
  (ctx: ModuleContext): FastifyPluginAsync =>
  async (app) => {
    const { db } = ctx;
    route(app, accountEndpoints.benefits, async ({ auth }) =>
      guestBenefits(db, auth.guestId, await ageGate(ctx, auth), ctx.now()),
    );
  };
