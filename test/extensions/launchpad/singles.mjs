// Single-type cases of test/extensions/launchpad: global (draft and publish, its middleware populates navbar, footer
// and seo), blog-page and product-page (their middlewares populate every dynamic-zone component), in each read form,
// each role and locale, and their writes.
// @ts-nocheck
import { get, put, del } from '../../conformance/catalogue/helpers.mjs';

const NONE = { auth: 'none' };
const JWT = { auth: 'jwt:ann' };

function singleReads(name, field, dp) {
  const path = `/api/${name}`;
  const cases = [
    get(`${name}.find`, path),
    get(`${name}.find.public`, path, NONE),
    get(`${name}.find.jwt`, path, JWT),
    get(`${name}.fields`, `${path}?fields[0]=${field}`),
    get(`${name}.fields.unknown`, `${path}?fields[0]=nope`),
    get(`${name}.populate.ignored`, `${path}?populate=*`),
    get(`${name}.populate.invalid-ignored`, `${path}?populate=nope`),
    get(`${name}.locale.fr`, `${path}?locale=fr`),
    get(`${name}.locale.fr.fields`, `${path}?locale=fr&fields[0]=${field}`),
    get(`${name}.locale.unknown`, `${path}?locale=xx`),
    get(`${name}.filters`, `${path}?filters[${field}][$eq]=nothing`),
    get(`${name}.v4`, path, { headers: { 'Strapi-Response-Format': 'v4' } }),
    get(`${name}.method.post`, path, { method: 'POST' }),
    get(`${name}.documentId-path`, `${path}/anything`),
  ];
  if (dp) cases.push(get(`${name}.status.draft`, `${path}?status=draft`), get(`${name}.status.published`, `${path}?status=published`));
  return cases;
}

const WRITES = [
  put('global.update.public', '/api/global', { data: { admin_title: 'x' } }, NONE),
  put('global.update.jwt', '/api/global', { data: { admin_title: 'x' } }, JWT),
  put('global.update.seo-invalid', '/api/global', { data: { seo: { metaTitle: 'too short description', metaDescription: 'short' } } }),
  put('global.update.seo-too-long', '/api/global', { data: { seo: { metaTitle: 'x'.repeat(61), metaDescription: 'y'.repeat(50) } } }),
  put('global.update.navbar-bad-logo', '/api/global', { data: { navbar: { logo: 'nosuchdocument0000000000' } } }),
  put('global.update.link-bad-enum', '/api/global', { data: { footer: { internal_links: [{ text: 'a', target: '_nowhere' }] } } }),
  put('global.update.draft', '/api/global?status=draft', { data: { admin_title: 'LaunchPad (draft)' } }),
  get('global.after-draft.published', '/api/global?fields[0]=admin_title'),
  get('global.after-draft.draft', '/api/global?fields[0]=admin_title&status=draft'),
  put('global.update.publish', '/api/global', { data: { buy_now: 'Buy now' } }),
  get('global.after-publish', '/api/global?fields[0]=admin_title&fields[1]=buy_now'),
  put('global.update.fr', '/api/global?locale=fr', { data: { add_to_cart: 'Ajouter' } }),
  put('global.update.unknown-field', '/api/global', { data: { nope: 1 } }),
  put('global.update.no-data', '/api/global', { admin_title: 'x' }),
  put('blog-page.update', '/api/blog-page', { data: { sub_heading: 'Fresh news' } }),
  put('blog-page.update.dz-unknown-component', '/api/blog-page', { data: { dynamic_zone: [{ __component: 'shared.link', text: 'x' }] } }),
  put('blog-page.update.dz-missing-component', '/api/blog-page', { data: { dynamic_zone: [{ heading: 'x' }] } }),
  put('blog-page.update.dz-pricing', '/api/blog-page',
    { data: { dynamic_zone: [{ __component: 'dynamic-zone.pricing', heading: 'Plans', plans: ['@@plan2', '@@plan3'] }] } }),
  get('blog-page.after-dz', '/api/blog-page'),
  put('blog-page.update.fr', '/api/blog-page?locale=fr', { data: { heading: 'Blogue' } }),
  get('blog-page.after-fr', '/api/blog-page?locale=fr'),
  put('product-page.update.public', '/api/product-page', { data: { heading: 'x' } }, NONE),
  put('product-page.update.features', '/api/product-page', { data: { popular_heading: 'Popular', dynamic_zone: [
    { __component: 'dynamic-zone.how-it-works', heading: 'Steps', steps: [{ title: 'One' }] },
    { __component: 'dynamic-zone.brands', heading: 'Brands', logos: ['@@logo2'] }] } }),
  get('product-page.after-update', '/api/product-page'),
  del('product-page.delete.public', '/api/product-page', NONE),
  del('product-page.delete', '/api/product-page'),
  get('product-page.after-delete', '/api/product-page'),
  del('product-page.delete.again', '/api/product-page'),
  del('blog-page.delete.fr', '/api/blog-page?locale=fr'),
  get('blog-page.after-delete-fr', '/api/blog-page?locale=fr'),
  get('blog-page.after-delete-fr.en', '/api/blog-page?fields[0]=heading'),
];

export const SINGLES = [
  ...singleReads('global', 'admin_title', true),
  ...singleReads('blog-page', 'heading', false),
  ...singleReads('product-page', 'heading', false),
  ...WRITES,
];
