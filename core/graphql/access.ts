import { authorizeDocument, type DocumentAction, type RouteLayers } from '../access/document-gate.js';
import { ApplicationError, ForbiddenError } from '../errors.js';
import { FORBIDDEN_ACCESS } from './errors.js';
import type { Model } from '../schema/types.js';
import type { GraphqlContext } from './context.js';
import type { Caller } from '../access/permissions.js';

/**
 * The one access decision (core/access/document-gate.ts) for a root field: a type the project's routes own is reached
 * only as its route for the action allows (its policies see a mutation's `{ data }` as the body; its middlewares
 * wrap the work, and a read honours the filters they leave, `layers`); any other as the caller's grants allow.
 * Refused: the plugin's `ForbiddenError` (`Forbidden access`).
 */
export async function authorized<T>(
  context: GraphqlContext, schemaModel: Model, action: DocumentAction, documentId: string | undefined,
  work: (caller: Caller, model: Model, layers?: RouteLayers) => Promise<T> | T, body?: unknown,
): Promise<T> {
  const { cms, http } = context;
  // the site's own model (the media library's file model is the index's); the plugins' other types are not held here
  const model = cms.models.get(schemaModel.uid) ?? schemaModel;
  if (cms.routeGate?.owns(model) && http) {
    // the route's policies see what the work writes as `ctx.request.body` (`{ data }`, as a REST body)
    const ask = { model, action, documentId, request: http.request, url: http.url, body, graphql: true as const };
    const done = await authorizeDocument(cms, ask, async (caller, layers) => work(caller, held(cms.models, model), layers));
    if (!done.ran) throw new ForbiddenError(FORBIDDEN_ACCESS);
    return done.value;
  }
  if (!context.caller.can(model, action)) throw new ForbiddenError(FORBIDDEN_ACCESS);
  return work(context.caller, held(cms.models, model));
}

/** A type this CMS keeps no documents of (review workflows; users and roles live in the auth state, not the index). */
function held(models: GraphqlContext['cms']['models'], model: Model): Model {
  if (models.has(model.uid)) return model;
  throw new ApplicationError(`${model.uid} is not served over GraphQL by this CMS`);
}
