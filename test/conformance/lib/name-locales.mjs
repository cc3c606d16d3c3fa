// The reference kit creates the project's locales with their code as name ("fr"); a real Strapi
// project gets its locales through the admin panel, which names them from the i18n plugin's ISO list
// ("French (fr)"). Before seeding, the recorder renames the kit's locales the admin's way, through
// Strapi's own admin routes, so the recorded answers are those of a project set up as users do.

export const ADMIN = { firstname: 'Conformance', lastname: 'Recorder', email: 'recorder@example.com', password: 'Recorder-0123456789' };

async function call(base, path, init = {}) {
  const response = await fetch(base + path, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const body = await response.json();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
  return body;
}

/** Registers the first admin (fresh database) and gives every locale the ISO name the admin panel gives it. */
export async function nameLocalesAsAdmin(base) {
  const { data } = await call(base, '/admin/register-admin', { method: 'POST', body: JSON.stringify(ADMIN) });
  const headers = { authorization: `Bearer ${data.token}` };
  const iso = await call(base, '/i18n/iso-locales', { headers });
  const names = new Map(iso.map(({ code, name }) => [code, name]));
  const renamed = [];
  for (const locale of await call(base, '/i18n/locales', { headers })) {
    const name = names.get(locale.code);
    if (!name || name === locale.name) continue;
    await call(base, `/i18n/locales/${locale.id}`, { method: 'PUT', headers, body: JSON.stringify({ name }) });
    renamed.push(`${locale.code}: ${name}`);
  }
  return renamed;
}
