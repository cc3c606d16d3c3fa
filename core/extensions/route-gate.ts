import type { DocumentAsk, Gated, GatedWork, ProjectRouteGate } from '../access/document-gate.js';
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

/** Who makes a GraphQL call on a type the project's routes own: as the plugin, whoever holds `<uid>.<action>`. */
function graphqlCaller(cms: Cms, ask: DocumentAsk): Caller {
  const caller = cms.contentApi.callerFor(ask.request.headers.get('authorization'));
  // the plugin's own refusal (`Forbidden access`), as for a type no project route owns
  if (!caller.can(ask.model, ask.action)) throw new ForbiddenError('Forbidden access');
  return caller;
}

/**
 * The project's routes as the judge of every built-in route (ARCHITECTURE.md, "One authorization path"): a type
 * they own is reached only as its route for the Strapi action allows. The route's own auth decides who acts (with
 * `auth: false`, anyone, as the route-only caller REST's core actions use: no relation to a type it cannot read),
 * then its policies see the request with `ctx.params.id` the document, then its middlewares wrap the built-in
 * route's work in place of the controller, whatever the face (REST's `_cms` routes, GraphQL, MCP). The work is told
 * the filters the middlewares left in `ctx.query`, which a read (find, findOne) ANDs with its own, so a middleware
 * that narrows a list narrows it on every face; populate or fields they set do not reshape a GraphQL or MCP answer
 * (its selection decides). A middleware that answers itself refuses the work. A GraphQL call's caller is as Strapi's
 * plugin decides it (the role's grant for the action); beyond Strapi, the route's policies and middlewares judge it.
 *
 * @example
 * cms.routeGate = projectRouteGate(cms, code);
 */
export function projectRouteGate(cms: Cms, code: ProjectCode): ProjectRouteGate {
  return {
    owns: (model) => code.owned.has(model.uid),
    admits(ask) {
      const route = routeForAction(code.routes, ask.model, ask.action);
      if (!route) return false;
      try {
        authorizeRoute(cms, route, ask.request.headers.get('authorization'));
        return true;
      } catch (error) {
        if ([401, 403].includes((error as { status?: number }).status ?? 0)) return false;
        throw error;
      }
    },
    async through<T>(ask: DocumentAsk, work: GatedWork<T>): Promise<Gated<T>> {
      const route = routeForAction(code.routes, ask.model, ask.action);
      if (!route) throw new ForbiddenError(`The project's routes expose no ${ask.action} for ${ask.model.pluralName}`);
      // Strapi's GraphQL plugin asks only the role for `<uid>.<action>` (the route's own auth is REST's); its policies
      // still judge a GraphQL call here (a Project choice: they would otherwise be walked around)
      const caller = ask.graphql ? graphqlCaller(cms, ask) : authorizeRoute(cms, route, ask.request.headers.get('authorization'));
      const params: Record<string, string> = Object.create(null);
      if (ask.documentId !== undefined) params.id = ask.documentId;
      const input = { request: ask.request, url: ask.url, query: parseQueryString(ask.url.search), body: ask.body, params };
      const ctx = routeContext(cms, route, input, caller);
      let done: { value: T } | undefined;
      // The built-in work runs inside the request's context too: its lifecycles see `strapi.requestContext.get()`.
      await withRequestContext(ctx, async () => {
        await runPolicies(code, route, ctx);
        // the work sees the filters the middlewares left in ctx.query (a read ANDs them with its own)
        const run = async () => { done = { value: await work(caller ?? routeOnlyCaller(ask.model), { filters: ctx.query.filters }) }; };
        await groupCommits(() => aroundMiddlewares(code, route, ctx, run));
      });
      if (done) return { ran: true, value: done.value, headers: { ...ctx.response.headers } };
      return { ran: false, answer: { status: ctx.status, headers: { ...ctx.response.headers }, body: ctx.body } };
    },
  };
}
