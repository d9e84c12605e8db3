import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, LEGAL_DOWNLOAD_PATH, idParam, legalEndpoints } from '@velvet/contracts';
import { route } from '../../http/endpoint';
import type { ModuleContext } from '../module';
import { legalDocumentHtml, legalFileName } from './document';
import { currentLegalText, legalTextById } from './service';

export const legalRoutes =
  (ctx: ModuleContext): FastifyPluginAsync =>
  async (app) => {
    route(
      app,
      legalEndpoints.text,
      ({ params, query }) => currentLegalText(ctx.db, params.type, query.language ?? DEFAULT_LANGUAGE),
      { visitorCache: ctx.visitorCache },
    );

    // A document to keep, not JSON: the text as a standalone HTML file, sent as an attachment.
    app.get(
      LEGAL_DOWNLOAD_PATH,
      { schema: { params: z.object({ legalTextId: idParam }), hide: true } },
      async (request, reply) => {
        const { legalTextId } = request.params as { legalTextId: number };
        const text = await legalTextById(ctx.db, legalTextId);
        return reply
          .type('text/html; charset=utf-8')
          .header('content-disposition', `attachment; filename="${legalFileName(text)}"`)
          .header('cache-control', 'public, max-age=3600')
          .send(legalDocumentHtml(text));
      },
    );
  };
