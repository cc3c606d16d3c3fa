// Write cases of test/extensions/launchpad: per collection type a create, an update, a French version, drafts,
// invalid bodies, the Public role and a JWT, and deletes; then the project's own validations (required fields,
// lengths, enumerations, uids, media, relations and dynamic zones) and what the writes leave to read.
// @ts-nocheck
import { get, post, put, del } from '../../conformance/catalogue/helpers.mjs';

const NONE = { auth: 'none' };
const JWT = { auth: 'jwt:ann' };

/** Each collection type: a valid body, a second value of its string field, D&P. */
const TYPES = [
  { name: 'articles', field: 'title', body: { title: 'Fresh', description: 'New one' }, slug: true, dp: true },
  { name: 'categories', field: 'name', body: { name: 'Fresh' } },
  { name: 'faqs', field: 'question', body: { question: 'Fresh?', answer: 'Yes' } },
  { name: 'logos', field: 'company', body: { company: 'Fresh', image: '@@img2' } },
  { name: 'pages', field: 'slug', body: { slug: 'fresh' }, dp: true },
  { name: 'plans', field: 'name', body: { name: 'Fresh', price: 5 }, dp: true },
  { name: 'products', field: 'name', body: { name: 'Fresh', price: 5 }, slug: true, dp: true },
  { name: 'redirections', field: 'source', body: { source: '/fresh', destination: '/' }, dp: true },
  { name: 'testimonials', field: 'text', body: { text: 'Fresh' }, dp: true },
];

function typeWrites({ name, field, body: base, slug, dp }) {
  // A uid left out is the listed Project choice (generated here, null in Strapi): bodies name theirs.
  const body = slug ? { ...base, slug: 'fresh' } : base;
  const named = (value) => ({ ...body, [field]: value, ...(slug ? { slug: value.toLowerCase() } : {}) });
  const list = `/api/${name}`;
  const w = `w_${name}`;
  const cases = [
    post(`${name}.create`, list, { data: body }, { capture: { [w]: 'data.documentId' } }),
    post(`${name}.create.public`, list, { data: body }, NONE),
    post(`${name}.create.jwt`, list, { data: { ...named(`${body[field]}-jwt`) } }, JWT),
    post(`${name}.create.unknown-field`, list, { data: { ...body, nope: 1 } }),
    post(`${name}.create.no-data`, list, body),
    post(`${name}.create.data-string`, list, { data: 'x' }),
    post(`${name}.create.wrong-type`, list, { data: { ...body, [field]: 42 } }),
    post(`${name}.create.second`, list, { data: { ...named(`${body[field]}-2`) } }, { capture: { [`${w}2`]: 'data.documentId' } }),
    post(`${name}.create.id-in-body`, list, { data: { ...named(`${body[field]}-3`), id: 999 } }),
    post(`${name}.create.documentId-in-body`, list, { data: { ...named(`${body[field]}-4`), documentId: 'mine' } }),
    post(`${name}.create.malformed-json`, list, undefined, { rawBody: '{"data": {' }),
    put(`${name}.update`, `${list}/@@${w}?fields[0]=${field}`, { data: { [field]: `${body[field]}-updated` } }),
    put(`${name}.update.public`, `${list}/@@${w}`, { data: { [field]: 'x' } }, NONE),
    put(`${name}.update.missing`, `${list}/nosuchdocument0000000000`, { data: { [field]: 'x' } }),
    put(`${name}.update.no-data`, `${list}/@@${w}`, { [field]: 'x' }),
    put(`${name}.update.fr`, `${list}/@@${w}?locale=fr&fields[0]=${field}&fields[1]=locale`, { data: slug ? { [field]: 'Fresh-fr', slug: 'fresh-fr' } : { [field]: `${body[field]}-fr` } }),
    get(`${name}.after-update.all-locales`, `${list}?locale=*&sort=locale&fields[0]=${field}&fields[1]=locale&filters[documentId]=@@${w}`),
    put(`${name}.update.locale-unknown`, `${list}/nosuchdocument0000000000?locale=xx`, { data: { [field]: 'x' } }),
    post(`${name}.create.locale.fr`, `${list}?locale=fr`, { data: { ...named(`${body[field]}-only-fr`) } }),
    get(`${name}.after-create.fr`, `${list}?locale=fr&sort=${field}&fields[0]=${field}`),
    del(`${name}.delete.public`, `${list}/@@${w}2`, NONE),
    del(`${name}.delete.jwt`, `${list}/@@${w}2`, JWT),
    del(`${name}.delete`, `${list}/@@${w}2`),
    del(`${name}.delete.again`, `${list}/@@${w}2`),
    get(`${name}.after-delete`, `${list}/@@${w}2`),
    del(`${name}.delete.fr`, `${list}/@@${w}?locale=fr`),
    get(`${name}.after-delete-fr`, `${list}?locale=*&sort=locale&fields[0]=locale&filters[documentId]=@@${w}`),
  ];
  if (dp) {
    cases.push(
      post(`${name}.create.draft`, `${list}?status=draft`, { data: { ...named(`${body[field]}-draft`) } },
        { capture: { [`${w}d`]: 'data.documentId' } }),
      get(`${name}.draft.not-published`, `${list}/@@${w}d`),
      get(`${name}.draft.as-draft`, `${list}/@@${w}d?status=draft&fields[0]=${field}`),
      put(`${name}.draft.update-draft`, `${list}/@@${w}d?status=draft&fields[0]=${field}`, { data: { [field]: `${body[field]}-draft-2` } }),
      get(`${name}.draft.still-unpublished`, `${list}/@@${w}d`),
      put(`${name}.draft.publish-by-update`, `${list}/@@${w}d?fields[0]=${field}`, { data: { [field]: `${body[field]}-live` } }),
      get(`${name}.draft.published-now`, `${list}/@@${w}d?fields[0]=${field}`),
      post(`${name}.create.status-invalid`, `${list}?status=nope`, { data: named(`${body[field]}-nope`) }),
      del(`${name}.delete.draft-status`, `${list}/@@${w}d?status=draft`),
      get(`${name}.after-delete-draft`, `${list}/@@${w}d?fields[0]=${field}`),
    );
  }
  return cases;
}

const LONG = 'This description is long enough to pass fifty chars.';
const VALIDATION = [
  post('article.invalid.description-required', '/api/articles', { data: { slug: 'invalid-description-required', title: 'No description' } }),
  post('article.invalid.description-null', '/api/articles', { data: { slug: 'invalid-description-null', title: 'Null', description: null } }),
  post('article.invalid.slug', '/api/articles', { data: { title: 'Bad slug', description: 'd', slug: 'has spaces!' } }),
  post('article.invalid.slug-taken', '/api/articles', { data: { title: 'Taken', description: 'd', slug: 'launch-day' } }),
  post('article.invalid.seo-required', '/api/articles', { data: { slug: 'invalid-seo-required', title: 'Seo', description: 'd', seo: { metaTitle: 'x' } } }),
  post('article.invalid.seo-short', '/api/articles', { data: { slug: 'invalid-seo-short', title: 'Seo', description: 'd', seo: { metaTitle: 'x', metaDescription: 'short' } } }),
  post('article.invalid.seo-long-title', '/api/articles',
    { data: { title: 'Seo', description: 'd', seo: { metaTitle: 't'.repeat(61), metaDescription: LONG } } }),
  post('article.invalid.blocks', '/api/articles', { data: { slug: 'invalid-blocks', title: 'Blocks', description: 'd', content: 'plain text' } }),
  post('article.invalid.blocks-node', '/api/articles', { data: { slug: 'invalid-blocks-node', title: 'Blocks', description: 'd', content: [{ type: 'nope', children: [] }] } }),
  post('article.invalid.dz-not-allowed', '/api/articles', { data: { slug: 'invalid-dz-not-allowed', title: 'Dz', description: 'd',
    dynamic_zone: [{ __component: 'dynamic-zone.hero', heading: 'x' }] } }),
  post('article.invalid.dz-not-list', '/api/articles', { data: { slug: 'invalid-dz-not-list', title: 'Dz', description: 'd', dynamic_zone: { __component: 'dynamic-zone.cta' } } }),
  post('article.invalid.cta-enum', '/api/articles', { data: { slug: 'invalid-cta-enum', title: 'Dz', description: 'd',
    dynamic_zone: [{ __component: 'dynamic-zone.cta', CTAs: [{ text: 'x', variant: 'loud' }] }] } }),
  post('article.invalid.category-missing', '/api/articles', { data: { slug: 'invalid-category-missing', title: 'Rel', description: 'd', categories: ['nosuchdocument0000000000'] } }),
  post('article.invalid.image-missing', '/api/articles', { data: { slug: 'invalid-image-missing', title: 'Img', description: 'd', image: 999999 } }),
  post('article.valid.full', '/api/articles', { data: { title: 'Full', description: 'Every field', slug: 'full', content: [
    { type: 'paragraph', children: [{ type: 'link', url: 'https://strapi.io', children: [{ type: 'text', text: 'Strapi' }] }] }],
  seo: { metaTitle: 'Full', metaDescription: LONG, structuredData: [1, 2] }, image: '@@img2', categories: { connect: ['@@c3'] },
  dynamic_zone: [{ __component: 'dynamic-zone.related-articles', articles: ['@@a2', '@@a4'] }] } }, { capture: { full: 'data.documentId' } }),
  get('article.valid.full.read', '/api/articles/@@full'),
  put('article.update.disconnect', '/api/articles/@@full?fields[0]=title', { data: { categories: { disconnect: ['@@c3'], connect: ['@@c1'] } } }),
  put('article.update.dz-replace', '/api/articles/@@full?fields[0]=title', { data: { dynamic_zone: [] } }),
  get('article.after-updates', '/api/articles/@@full'),
  get('category.after-connects', '/api/categories?sort=name&fields[0]=name&populate[articles][fields][0]=title&populate[articles][sort]=title'),
  post('logo.invalid.image-required', '/api/logos', { data: { company: 'No image' } }),
  post('logo.invalid.image-null', '/api/logos', { data: { company: 'Null image', image: null } }),
  post('logo.jwt.no-create', '/api/logos', { data: { company: 'x', image: '@@img1' } }, JWT),
  post('page.invalid.slug-required', '/api/pages', { data: { seo: null } }),
  post('page.invalid.slug-taken', '/api/pages', { data: { slug: 'home' } }),
  post('page.invalid.features-span', '/api/pages', { data: { slug: 'spans',
    dynamic_zone: [{ __component: 'dynamic-zone.features', globe_card: { span: 'four' } }] } }),
  post('page.invalid.input-type', '/api/pages', { data: { slug: 'inputs',
    dynamic_zone: [{ __component: 'dynamic-zone.form-next-to-section', form: { inputs: [{ type: 'nope' }] } }] } }),
  post('page.valid.form', '/api/pages', { data: { slug: 'contact', dynamic_zone: [{ __component: 'dynamic-zone.form-next-to-section',
    form: { inputs: [{ type: 'textarea', name: 'message' }] } }] } }, { capture: { contact: 'data.documentId' } }),
  get('page.valid.form.read', '/api/pages/@@contact'),
  post('plan.invalid.price', '/api/plans', { data: { name: 'Bad', price: 'free' } }),
  post('plan.invalid.price-float', '/api/plans', { data: { name: 'Bad', price: 1.5 } }),
  post('plan.invalid.featured', '/api/plans', { data: { name: 'Bad', featured: 'yes' } }),
  post('plan.invalid.cta-repeatable', '/api/plans', { data: { name: 'Bad', CTA: [{ text: 'x' }] } }),
  post('plan.invalid.perks-object', '/api/plans', { data: { name: 'Bad', perks: { text: 'x' } } }),
  post('plan.valid.defaults', '/api/plans', { data: { name: 'Defaults' } }, { capture: { defaults: 'data.documentId' } }),
  get('plan.valid.defaults.read', '/api/plans/@@defaults?populate=*'),
  put('plan.update.product', '/api/plans/@@defaults?populate[product][fields][0]=name', { data: { product: '@@p2' } }),
  get('product.after-plan-update', '/api/products/@@p2?fields[0]=name'),
  post('product.invalid.images-type', '/api/products', { data: { name: 'Bad', images: 'img' } }),
  post('product.invalid.uid-taken', '/api/products', { data: { name: 'Dup', slug: 'rocket' } }),
  post('product.valid.no-slug', '/api/products', { data: { name: 'Lander', price: 7 } }, { capture: { lander: 'data.documentId' } }),
  get('product.valid.no-slug.read', '/api/products/@@lander?fields[0]=name&fields[1]=slug'),
  post('faq.jwt.create', '/api/faqs', { data: { question: 'From a user?', answer: 'Yes' } }, { ...JWT, capture: { userFaq: 'data.documentId' } }),
  put('faq.jwt.update', '/api/faqs/@@userFaq', { data: { answer: 'Updated by a user' } }, JWT),
  del('faq.jwt.delete-forbidden', '/api/faqs/@@userFaq', JWT),
  get('faq.after-jwt', '/api/faqs?sort=question&fields[0]=question&fields[1]=answer', JWT),
  get('auth.bad-token', '/api/faqs', { auth: 'none', headers: { authorization: 'Bearer not-a-token' } }),
  get('auth.bad-jwt-public-type', '/api/articles?fields[0]=title', { auth: 'none', headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.x' } }),
  get('final.articles', '/api/articles?sort=title&fields[0]=title&fields[1]=slug&locale=*'),
  get('final.products.draft', '/api/products?sort=name&fields[0]=name&status=draft'),
  get('final.pages', '/api/pages?sort=slug&fields[0]=slug'),
];

export const WRITES = [...TYPES.flatMap(typeWrites), ...VALIDATION];
