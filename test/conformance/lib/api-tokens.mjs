// The API tokens a schema set's cases use besides the full-access one (`TOKENS` in its
// catalogue/index.mjs: `{ 'token:read-only': { type: 'read-only' }, 'token:custom': { type: 'custom',
// permissions: [...] } }`), created on the reference through Strapi's admin routes as the admin panel
// creates them (the recorder's admin, registered by name-locales.mjs).
import { ADMIN } from './name-locales.mjs';

async function call(base, path, init = {}) {
  const response = await fetch(base + path, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const body = await response.json();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

/** Creates each token on the reference and returns `{ 'token:<name>': accessKey }`. */
export async function createReferenceTokens(base, tokens) {
  if (!tokens || !Object.keys(tokens).length) return {};
  const login = await call(base, '/admin/login', { method: 'POST', body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }) });
  const headers = { authorization: `Bearer ${login.data.token}` };
  const keys = {};
  for (const [name, { type, permissions }] of Object.entries(tokens)) {
    const made = await call(base, '/admin/api-tokens', {
      method: 'POST', headers,
      body: JSON.stringify({ name: name.replace(/^token:/, 'conformance-'), type, lifespan: null, ...(permissions ? { permissions } : {}) }),
    });
    keys[name] = made.data.accessKey;
  }
  return keys;
}
