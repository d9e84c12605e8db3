import type { FastifyPluginAsync } from 'fastify';
import { accountEndpoints } from '@velvet/contracts';
import { route } from '../../http/endpoint';
import type { ModuleContext } from '../module';
import { benefitsOf } from './vouchers';

export const accountRoutes =
  (ctx: ModuleContext): FastifyPluginAsync =>
  async (app) => {
    route(app, accountEndpoints.benefits, ({ auth }) => benefitsOf(ctx, auth));
  };
