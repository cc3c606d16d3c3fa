import { authorizeDocument, type DocumentAction } from '../access/document-gate.js';
import { ForbiddenError } from '../errors.js';
import { FORBIDDEN_ACCESS } from './errors.js';
import type { Model } from '../schema/types.js';
import type { GraphqlContext } from './context.js';
import type { Caller } from '../access/permissions.js';

/**
 * The one access decision (core/access/document-gate.ts) for a root field: a type the project's routes own is reached
 * only as its route for the action allows; any other as the caller's grants allow. Refused: the plugin's
 * `ForbiddenError` (`Forbidden access`).
 */
export async function authorized<T>(
  context: GraphqlContext, model: Model, action: DocumentAction, documentId: string | undefined, work: (caller: Caller) => Promise<T> | T,
): Promise<T> {
  const { cms, http } = context;
  if (cms.routeGate?.owns(model) && http) {
    const done = await authorizeDocument(cms, { model, action, documentId, request: http.request, url: http.url }, async (caller) => work(caller));
    if (!done.ran) throw new ForbiddenError(FORBIDDEN_ACCESS);
    return done.value;
  }
  if (!context.caller.can(model, action)) throw new ForbiddenError(FORBIDDEN_ACCESS);
  return work(context.caller);
}
