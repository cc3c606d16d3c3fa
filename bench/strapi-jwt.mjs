// The JWT caller of the Strapi table: a users-permissions user of the Authenticated role, logged in through
// `POST /api/auth/local` as an app's users are. The reference kit grants only the Public role, so on Strapi the
// Authenticated role is given the same reads through Strapi's own admin API first (the first admin registered, as
// `strapi-ref admin-token` does).

const USER = { username: 'bench', email: 'bench@example.org', password: 'Bench-Passw0rd-123' };
const ADMIN = { email: 'reference@example.org', password: 'Reference-Passw0rd', firstname: 'Reference', lastname: 'Admin' };

async function call(base, method, path, body, token) {
  const response = await fetch(base + path, {
    method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} (${base}) answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** The bench user's JWT from a server's login route (the user must exist). */
export async function loginJwt(base) {
  return (await call(base, 'POST', '/api/auth/local', { identifier: USER.email, password: USER.password })).jwt;
}

/** This server: the bench user added to the auth state (role Authenticated, confirmed), then logged in over HTTP. */
export async function ourJwt(cms, base) {
  if (!cms.auth.users.byIdentifier(USER.email)) await cms.auth.users.add(USER);
  return loginJwt(base);
}

/** Strapi: the Authenticated role may do what `reads` lists (`{ 'api::article.article': ['find', …] }`); a user registers and logs in. */
export async function strapiJwt(base, reads) {
  await call(base, 'POST', '/admin/register-admin', ADMIN).catch(() => {}); // refused once an admin exists
  const admin = (await call(base, 'POST', '/admin/login', { email: ADMIN.email, password: ADMIN.password })).data.token;
  const { roles } = await call(base, 'GET', '/users-permissions/roles', undefined, admin);
  const { id } = roles.find((role) => role.type === 'authenticated');
  const { role } = await call(base, 'GET', `/users-permissions/roles/${id}`, undefined, admin);
  for (const [uid, actions] of Object.entries(reads)) {
    const [api, name] = uid.split('.');
    const controller = role.permissions[api]?.controllers?.[name];
    if (!controller) throw new Error(`Strapi's Authenticated role has no controller for ${uid}`);
    for (const action of actions) controller[action].enabled = true;
  }
  await call(base, 'PUT', `/users-permissions/roles/${id}`, role, admin);
  await call(base, 'POST', '/api/auth/local/register', USER);
  return loginJwt(base);
}
