import type { FastifyPluginAsync } from 'fastify';
import { accountEndpoints } from '@velvet/contracts';
import { route } from '../../http/endpoint';
import { ageGate } from '../auth/age';
import type { Auth, ModuleContext } from '../module';
import { guestBenefits } from './service';

/** A guest's benefits; her spins are the spinwheel's, which the specials module answers when it runs. */
export async function benefitsOf(ctx: ModuleContext, auth: Auth) {
  const [gate, wheelSpins] = await Promise.all([ageGate(ctx, auth), ctx.hooks.spinwheelSpins?.(auth.guestId)]);
  return guestBenefits(ctx.db, { guestId: auth.guestId, gate, now: ctx.now(), wheelSpins: wheelSpins ?? 0 });
}

export const accountRoutes =
  (ctx: ModuleContext): FastifyPluginAsync =>
  async (app) => {
    route(app, accountEndpoints.benefits, ({ auth }) => benefitsOf(ctx, auth));
  };
