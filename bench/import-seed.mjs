// The seed `npm run import:strapi` sends the reference through REST (bench/import-from-strapi.mjs).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';


/** The conformance seed (the 00-seed group) when present, then more of a real site's shape. */
export async function seedStrapi(base, token, conformance, hasFixture) {
  const send = (path, init) => fetch(base + path, { ...init, redirect: 'manual' });
  const vars = { token };
  let count = 0;
  if (hasFixture) {
    const { GROUPS } = await import(join(conformance, 'catalogue', 'index.mjs'));
    const { runCases } = await import(join(conformance, 'lib', 'run.mjs'));
    const { createNameBook } = await import(join(conformance, 'lib', 'normalize.mjs'));
    const seed = GROUPS.find(([group]) => group === '00-seed')[1];
    for await (const { kase, answer } of runCases(seed, send, vars, createNameBook())) {
      if (answer.status >= 300) throw new Error(`seed ${kase.id} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
      count++;
    }
  } else {
    throw new Error('test/conformance/fixture is missing: this script seeds the conformance fixture');
  }
  const json = async (method, path, body) => {
    const response = await send(path, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body) });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`seed ${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    count++;
    return text ? JSON.parse(text) : null;
  };
  // A photo large enough for Strapi to make formats (thumbnail), with alternative text and caption.
  const form = new FormData();
  form.append('files', new Blob([readFileSync(join(conformance, 'assets', 'photo.jpg'))], { type: 'image/jpeg' }), 'photo.jpg');
  form.append('fileInfo', JSON.stringify({ alternativeText: 'A photo', caption: 'Taken at home' }));
  const uploaded = await send('/api/upload', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (uploaded.status >= 300) throw new Error(`seed upload answered ${uploaded.status}`);
  count++;
  const photo = (await uploaded.json())[0].id;
  const { post1, post2, post3, post5, pg1, pg2, a1, a3, k3, t1, t3, term2 } = vars;
  // Drafts that differ from the published version: fields, relations, components, dynamic zones, media.
  await json('PUT', `/api/posts/${post1}?status=draft`,
    { data: { summary: 'How to brew coffee at home (draft)', cover: photo, tags: [t1, t3],
      sections: [{ __component: 'shared.item', label: 'Grinder', qty: 1, price: 120 }],
      seo: { metaTitle: 'Coffee, revised', image: photo } } });
  await json('PUT', `/api/posts/${post3}?locale=fr&status=draft`, { data: { summary: 'Une pizza maison' } });
  await json('PUT', `/api/pages/${pg2}?status=draft`, { data: { body: 'About us, rewritten', links: [post1, post3], parent: null } });
  await json('PUT', '/api/homepage?status=draft', { data: { intro: 'Hello there (draft)', featured: [post3] } });
  // Published in a second locale, with its own media and components.
  await json('PUT', `/api/posts/${post2}?locale=fr`,
    { data: { title: 'L’heure du thé', slug: 'l-heure-du-the', cover: photo,
      seo: { metaTitle: 'Thé', socials: [{ network: 'github', url: 'https://github.example/the' }] },
      sections: [{ __component: 'shared.quote', body: 'Vert ou noir' }] } });
  await json('PUT', `/api/posts/${post5}?locale=de`, { data: { title: 'Geänderter Beitrag', slug: 'geaenderter-beitrag' } });
  await json('PUT', `/api/terms/${term2}?locale=de`, { data: { word: 'Banane', definition: 'Eine Frucht' } });
  // a localized target: it must exist in de
  await json('PUT', '/api/homepage?locale=de', { data: { headline: 'Willkommen', hero: { body: 'Hallo' }, featured: [post5] } });
  // Media in a component and a gallery, relations changed after creation.
  await json('PUT', `/api/kitchens/${k3}`,
    { data: { gallery: [photo, vars.img1], seo: { metaTitle: 'Third', image: photo },
      zone: [{ __component: 'shared.quote', body: 'Third', by: 'K' }] } });
  await json('PUT', `/api/authors/${a3}`, { data: { avatar: photo, mentor: a1 } });
  await json('POST', '/api/pages', { data: { title: 'Contact', order: 4, parent: pg1, links: [post2] } });
  // More than a page of documents (the import reads pages of 100).
  for (let n = 1; n <= 110; n++) await json('POST', '/api/tags', { data: { name: `bulk-${String(n).padStart(3, '0')}`, weight: n % 7 } });
  return count;
}
