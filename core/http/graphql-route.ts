import type { Cms } from '../cms.js';
import type { Models } from '../schema/types.js';
import type { GraphqlAnswer, GraphqlFace } from '../graphql/graphql-face.js';
import { HTTPResponse } from 'h3';
import { readBody } from './body.js';
import { answerReuse, keepAnswer, keptAnswer, markReached, wireAnswer, type AnswerReuse, type WireAnswer } from './graphql-answers.js';
import { badRequest, CSRF_MESSAGE, csrfBlocked, fromBody, fromSearch } from './graphql-request.js';
import { requestClient } from './client-address.js';
import { statusText } from './respond.js';
import type { ExtensionRoute } from './route-context.js';

/**
 * One face per loaded model set and config (a schema change under `cms serve` reloads the models, and so the schema);
 * a branch's view shares the base's models, so each request names the site that answers it.
 */
const faces = new WeakMap<Models, { config: Cms['config']['graphql']; face: GraphqlFace }>();
const noted = new WeakSet<Cms['config']['graphql']>();

/** Faces made so far: a holder of one (graphql-fast.ts) knows it is still its site's while no other has been made. */
let made = 0;
export const facesMade = (): number => made;

/** graphql-js and the schema builder, imported at the first /graphql request: most `cms serve` runs never answer one. */
let faceModule: Promise<typeof import('../graphql/graphql-face.js')> | undefined;

async function faceOf(cms: Cms): Promise<GraphqlFace> {
  const { createGraphqlFace } = await (faceModule ??= import('../graphql/graphql-face.js'));
  const config = cms.config.graphql;
  const held = faces.get(cms.models);
  if (held && held.config === config) return held.face;
  if (config.apolloServer !== undefined && !noted.has(config)) {
    noted.add(config);
    process.stderr.write('[cms] graphql.apolloServer is ignored: /graphql is served by graphql-js, not Apollo Server\n');
  }
  const face = createGraphqlFace(cms, config);
  faces.set(cms.models, { config, face });
  made++;
  return face;
}

/** The face of the site's current models and config, once a request has built it (serve.ts's fast path never builds one). */
export function builtFace(cms: Cms): GraphqlFace | undefined {
  const held = faces.get(cms.models);
  return held && held.config === cms.config.graphql ? held.face : undefined;
}

/**
 * `POST`/`GET <graphql.endpoint>`: Strapi's GraphQL plugin. Authenticated exactly as the REST routes are (the same
 * caller: Public role, API tokens, users-permissions JWTs; a bad credential is the REST 401), then Apollo's request
 * rules (methods, CSRF prevention, body shape) and the face (core/graphql) run it.
 */
export const graphqlRoute: ExtensionRoute = async ({ request, url, cms, headers }) => {
  const config = cms.config.graphql;
  // koa-router, as Strapi mounts the route: any case, one trailing slash
  const path = url.pathname.toLowerCase();
  const endpoint = config.endpoint.toLowerCase();
  if (!config.enabled || (path !== endpoint && path !== `${endpoint}/`)) return undefined;
  const caller = cms.contentApi.callerFor(request.headers.get('authorization'));
  let answer: GraphqlAnswer;
  let reuse: AnswerReuse | undefined;
  const ask = {
    method: request.method, authorization: request.headers.get('authorization'), ifNoneMatch: request.headers.get('if-none-match'),
  };
  // Apollo judges CSRF before the method
  if (csrfBlocked((name) => request.headers.get(name))) {
    answer = badRequest(CSRF_MESSAGE);
  } else if (request.method !== 'GET' && request.method !== 'POST') {
    answer = badRequest('Apollo Server supports only GET/POST requests.', 405, { allow: 'GET, POST' });
  } else {
    const parsed = request.method === 'GET' ? fromSearch(url) : fromBody(await readBody(request));
    const context = { request, url, client: requestClient(cms, request) };
    const face = await faceOf(cms);
    markReached(face, config.endpoint, request.method, url.pathname);
    reuse = 'status' in parsed ? undefined : answerReuse(cms, face, parsed, ask.authorization);
    const hit = reuse?.cache.get(reuse.key, cms.index);
    if (hit) return response(wireAnswer(cms, keptAnswer(hit), headers, {}, ask));
    answer = 'status' in parsed ? parsed : await face.execute(parsed, caller, context, cms);
  }
  // a resolver that answered as a controller sending nothing (Koa's 204: `deleteUsersPermissionsUser` of no one) has no body
  if (answer.status === 204) {
    return new Response(null, { status: 204, statusText: statusText(204), headers: { ...headers, ...answer.headers } });
  }
  const body = Buffer.from(`${JSON.stringify(answer.body)}\n`);
  if (reuse) keepAnswer(reuse, cms, answer.status, answer.body.errors, body);
  return response(wireAnswer(cms, { status: answer.status, body }, headers, answer.headers, ask));
};

/** h3's light response (srvx writes it with its length in one call), for the wire answer serve.ts's fast path writes too. */
const response = (wire: WireAnswer): Response => new HTTPResponse(
  wire.body as unknown as BodyInit, { status: wire.status, statusText: statusText(wire.status), headers: wire.headers },
) as unknown as Response;
