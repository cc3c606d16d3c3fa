/** Strapi's CORS defaults (`middlewares/cors.ts` over @koa/cors): any origin, with credentials. */
const ALLOW_METHODS = 'GET,POST,PUT,PATCH,DELETE,HEAD,OPTIONS';
const ALLOW_HEADERS = 'Content-Type,Authorization,Origin,Accept';
const MAX_AGE = '31536000';

/** Headers for an actual request. With credentials, `*` is answered with the request's origin. */
export function corsHeaders(request: Request): Record<string, string> {
  return corsHeadersFor(request.headers.get('origin'));
}

/** The same, from the request's `Origin` header. */
export function corsHeadersFor(origin: string | null): Record<string, string> {
  if (!origin) return { vary: 'Origin' };
  return { vary: 'Origin', 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true' };
}

/** A preflight (`OPTIONS` with `Access-Control-Request-Method`) answers 204 before routing. */
export function preflightResponse(request: Request): Response | undefined {
  if (request.method !== 'OPTIONS' || !request.headers.get('origin') || !request.headers.get('access-control-request-method')) {
    return undefined;
  }
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(request),
      'access-control-max-age': MAX_AGE,
      'access-control-allow-methods': ALLOW_METHODS,
      'access-control-allow-headers': allowHeaders(request),
    },
  });
}

/**
 * Strapi's allowed headers; a preflight that asks for `Cms-Branch` (a preview site or front-end reading a change request from
 * another origin) is allowed it too. A Strapi client never asks, so it sees Strapi's list exactly.
 */
function allowHeaders(request: Request): string {
  const asked = request.headers.get('access-control-request-headers') ?? '';
  return asked.split(',').some((name) => name.trim().toLowerCase() === 'cms-branch') ? `${ALLOW_HEADERS},Cms-Branch` : ALLOW_HEADERS;
}
