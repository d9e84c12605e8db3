import type { FastifyPluginAsync } from 'fastify';
import { BREADCRUMB_TYPES, seoEndpoints, type BreadcrumbItem } from '@velvet/contracts';
import { HttpError, route } from '../../http/endpoint';
import { tenantOfHost, tenantRouteTables } from '../federation';
import type { ModuleContext } from '../module';
import { actorSeoContent } from './actor-seo';
import { pageMeta, trailLinks } from './pages-meta';
import { argNames, listedLanguages } from './pages';
import { requiredText } from './texts';

/**
 * The seo module's REST calls. The breadcrumbs: the trail of a page of a breadcrumb type on the asking host's
 * tenant, made by the same builder as the JSON-LD of the page's server-rendered head (pageMeta's trail through
 * trailLinks).
 */
export const seoRoutes =
  (ctx: ModuleContext): FastifyPluginAsync =>
  async (app) => {
    const tables = tenantRouteTables(ctx);
    route(app, seoEndpoints.breadcrumb, async ({ params, query, body, request }) => {
      const kind = BREADCRUMB_TYPES[params.breadcrumbType];
      const [tenant, routes] = await Promise.all([
        tenantOfHost(ctx, request.hostname),
        tables.routes(undefined, request.hostname),
      ]);
      const language = query.language ?? listedLanguages(tenant.languages).fallback;
      const page = routes.find((candidate) => candidate.name === kind.route);
      if (!page) throw new HttpError(404, 'NOT_FOUND', `This site has no ${params.breadcrumbType} pages`);
      const { tab, ...args } = body.payload;
      if (tab !== undefined && !('tabs' in kind))
        throw new HttpError(400, 'VALIDATION_FAILED', `${params.breadcrumbType} has no tabs`);
      const wanted = argNames(page).sort();
      const given = Object.keys(args).sort();
      if (wanted.join('/') !== given.join('/'))
        throw new HttpError(
          400,
          'VALIDATION_FAILED',
          `${params.breadcrumbType} takes the arguments ${wanted.join(', ') || 'none'}, not ${given.join(', ') || 'none'}`,
        );
      const meta = await pageMeta(ctx, tenant.brand, routes, page, args as Record<string, string>, language);
      if (!meta) throw new HttpError(404, 'NOT_FOUND', `No ${params.breadcrumbType} page of these arguments`);
      const views = [
        ...('view' in kind ? [requiredText(language, `breadcrumbViews.${kind.view}`)] : []),
        ...(tab ? [requiredText(language, `mediathekTabs.${tab}`)] : []),
      ];
      const breadcrumb: BreadcrumbItem[] = trailLinks(meta.trail, language, args as Record<string, string>, views);
      return { data: { breadcrumb } };
    });

    // The SEO text of a performer's videos of a tag group, in the language asked (else the tenant's own).
    route(app, seoEndpoints.actorSeoContent, async ({ params, query, request }) => {
      const language =
        query.language ?? listedLanguages((await tenantOfHost(ctx, request.hostname)).languages).fallback;
      return actorSeoContent(ctx, params.actorId, params.tagGroup, language);
    });
  };
