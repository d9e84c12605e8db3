import { federationEndpoints } from '@velvet/contracts';
import { route } from '../../http/endpoint';
import type { ServerModule } from '../module';

/** Tenants, the remote store and the federation manifest the shell boots from. */
export const federationModule: ServerModule = {
  name: 'federation',
  routes: () => async (app) => {
    route(app, federationEndpoints.alive, async () => ({ alive: true as const }));
  },
};
