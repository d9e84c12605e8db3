import { loggerEndpoints } from '@velvet/contracts';
import { route } from '../../http/endpoint';
import type { ServerModule } from '../module';

/**
 * What browsers report: socket connection errors (close codes, missing pongs, frames that failed validation),
 * messenger failures and their network going off line and back. All go to the structured log, tagged with the caller,
 * where log shipping picks them up. (Tracking events are the tracking module's: stored and summed.)
 */
export const loggerModule: ServerModule = {
  name: 'logger',
  routes: (ctx) => async (app) => {
    route(app, loggerEndpoints.websocketConnectionError, async ({ body, auth }) => {
      ctx.log.warn({ socketError: body, guestId: auth?.guestId ?? null }, 'websocket connection error');
      return { logged: true as const };
    });
    route(app, loggerEndpoints.vxmessengerError, async ({ body, auth }) => {
      ctx.log.warn({ messengerError: body.message, guestId: auth?.guestId ?? null }, 'messenger error');
      return { logged: true as const };
    });
    route(app, loggerEndpoints.browserOnline, async ({ body, auth }) => {
      ctx.log.info({ browserOnline: body.status, guestId: auth?.guestId ?? null }, 'browser network status');
      return { logged: true as const };
    });
  },
};
