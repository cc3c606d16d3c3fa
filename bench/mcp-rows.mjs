// MCP reads in the Strapi table (`npm run bench -- --only strapi`): a read tool's call at `/mcp` (streamable HTTP, as
// an agent's client sends it), with this server's full-access API token and a Strapi admin token that may read the
// articles (its only credential at /mcp), beside a bare server sending this server's very answer. A call asked again is
// answered from its kept answer here (core/mcp/kept-calls.ts); Strapi makes a server per call.
import { answerOf, sameAnswerServer } from './same-answer.mjs';

/** A call's answer counts only as a 200 with a result (an error, of the tool or JSON-RPC's, would measure nothing). */
const mcpOk = ({ status, body }) => status === 200 && !/"isError":true|"error":\{/.test(body.toString());

/** The calls, by the seeded documentIds (`ids`: seed key → documentId). */
const mcpScenarios = (ids) => [
  ['MCP list (list_article, 10 a page)', { name: 'list_article', arguments: { pageSize: 10 } }],
  ['MCP one document (get_article)',
    { name: 'get_article', arguments: { documentId: [...ids].find(([key]) => key.startsWith('article'))[1] } }],
];

const post = (params, token) => ({
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params }),
});

/** The reference's admin (strapi-ref's `admin-token` registers the same one). */
const ADMIN = { email: 'reference@example.org', password: 'Reference-Passw0rd', firstname: 'Reference', lastname: 'Admin' };

/**
 * Strapi's admin token that may read the articles in both locales (`strapi-ref admin-token` makes one without them,
 * and Strapi disables a localized type's tools for it), made by the reference's admin as the MCP recorder makes them.
 */
async function strapiReader(strapi) {
  const post = async (path, body, token) => (await fetch(strapi.base + path, {
    method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body),
  })).json();
  await post('/admin/register-admin', ADMIN); // refused once an admin exists: then only the login below
  const login = await post('/admin/login', { email: ADMIN.email, password: ADMIN.password });
  const adminPermissions = [{ action: 'plugin::content-manager.explorer.read', subject: 'api::article.article', properties: { locales: ['en', 'fr'] } }];
  const made = await post('/admin/admin-tokens', { name: `bench-mcp-${Date.now()}`, description: '', lifespan: null, adminPermissions }, login.data.token);
  if (!made?.data?.accessKey) throw new Error(`Strapi refused the admin token: ${JSON.stringify(made).slice(0, 300)}`);
  return made.data.accessKey;
}

/** The MCP rows, each against Strapi (when it runs), this server and the limit answering this server's bytes. */
export async function mcpRows({ ourBase, ourIds, ourToken, strapi, strapiIds, listen, row, measure, strapiRun, wanted }) {
  const ours = mcpScenarios(ourIds);
  if (!ours.some(([scenario]) => wanted(scenario))) return;
  const theirs = strapi && mcpScenarios(strapiIds);
  const adminToken = strapi && await strapiReader(strapi);
  const one = (request) => [{ ...request, path: '/mcp' }];
  for (const [at, [scenario, params]] of ours.entries()) {
    if (!wanted(scenario)) continue;
    const mine = post(params, ourToken);
    const answer = await answerOf(`${ourBase}/mcp`, mine, mcpOk);
    const theirPost = strapi && post(theirs[at][1], adminToken);
    if (strapi) await answerOf(`${strapi.base}/mcp`, theirPost, mcpOk);
    const bare = await sameAnswerServer(listen, answer);
    const limit = { url: `http://127.0.0.1:${bare.address().port}`, requests: one(mine) };
    const measured = await measure(limit, { url: ourBase, requests: one(mine) });
    bare.close();
    row(scenario, 'API token', measured, strapi && await strapiRun({ url: strapi.base, requests: one(theirPost) }));
  }
}
