import type { DocumentAsk, Gated, ProjectRouteGate } from '../access/document-gate.js';
import { routeOnlyCaller, type Caller } from '../access/permissions.js';
import type { Cms } from '../cms.js';
import { ForbiddenError } from '../errors.js';
import { groupCommits } from '../replication/write-context.js';
import type { Model } from '../schema/types.js';
import { parseQueryString } from '../strapi/parse-query.js';
import type { ProjectCode } from './project-code.js';
import { withRequestContext } from './request-context.js';
import type { ProjectRoute } from './route-table.js';
import { aroundMiddlewares, authorizeRoute, routeContext, runPolicies } from './run-route.js';

/**
 * The project's route for an action on a type: the first one (in Strapi's order) whose handler is that action of
 * the type's controller, the core router's or a custom route's; none when its router leaves the action out.
 */
export function routeForAction(routes: ProjectRoute[], model: Model, action: string): ProjectRoute | undefined {
  return routes.find((route) => route.controller === model.uid && route.action === action);
}

/**
 * The project's routes as the judge of every built-in route (ARCHITECTURE.md, "One authorization path"): a type
 * they own is reached only as its route for the Strapi action allows. The route's own auth decides who acts (with
 * `auth: false`, anyone, as the route-only caller REST's core actions use: no relation to a type it cannot read),
 * then its policies see the request with `ctx.params.id` the document, then its middlewares wrap the built-in
 * route's work in place of the controller.
 *
 * @example
 * cms.routeGate = projectRouteGate(cms, code);
 */
export function projectRouteGate(cms: Cms, code: ProjectCode): ProjectRouteGate {
  return {
    owns: (model) => code.owned.has(model.uid),
    async through<T>(ask: DocumentAsk, work: (caller: Caller) => Promise<T>): Promise<Gated<T>> {
      const route = routeForAction(code.routes, ask.model, ask.action);
      if (!route) throw new ForbiddenError(`The project's routes expose no ${ask.action} for ${ask.model.pluralName}`);
      // GraphQL's work is built from its arguments, so a middleware rewriting ctx.query or the body would be ignored:
      // refused rather than answered around the project's layers
      if (ask.graphql && (route.config.middlewares?.length ?? 0) > 0) {
        throw new ForbiddenError(`The project's route ${route.method} ${route.path} (${route.file}) declares middlewares, `
          + `which GraphQL cannot run faithfully: ${ask.action} ${ask.model.pluralName} over the REST route`);
      }
      const caller = authorizeRoute(cms, route, ask.request.headers.get('authorization'));
      const params: Record<string, string> = Object.create(null);
      if (ask.documentId !== undefined) params.id = ask.documentId;
      const input = { request: ask.request, url: ask.url, query: parseQueryString(ask.url.search), body: ask.body, params };
      const ctx = routeContext(cms, route, input, caller);
      let done: { value: T } | undefined;
      // The built-in work runs inside the request's context too: its lifecycles see `strapi.requestContext.get()`.
      await withRequestContext(ctx, async () => {
        await runPolicies(code, route, ctx);
        await groupCommits(() => aroundMiddlewares(code, route, ctx, async () => {
          done = { value: await work(caller ?? routeOnlyCaller(ask.model)) };
        }));
      });
      if (done) return { ran: true, value: done.value, headers: { ...ctx.response.headers } };
      return { ran: false, answer: { status: ctx.status, headers: { ...ctx.response.headers }, body: ctx.body } };
    },
  };
}
