// LaunchPad (test/extensions/launchpad, Strapi's demo site): its REST seed, then every tool kind on a project
// with i18n everywhere, dynamic zones, components in components and single types with and without draft & publish.
// Strapi's MCP tools go through the Content Manager, not the project's routes, so the reference runs its schemas.
import { SEED } from '../../../extensions/launchpad/seed.mjs';
import { call, credentials } from './helpers.mjs';
import { protocolCases } from './protocol.mjs';

export const PROJECT = 'test/extensions/launchpad';
export { SEED };

const uid = (name) => `api::${name}.${name}`;
const COLLECTIONS = ['article', 'category', 'faq', 'logo', 'page', 'plan', 'product', 'redirection', 'testimonial'];
const SINGLES = ['global', 'blog-page', 'product-page'];
const UIDS = [...COLLECTIONS, ...SINGLES].map(uid);
const CUSTOMS = {
  'faqs-write': { uids: [uid('faq')], actions: ['read', 'create', 'update'] },
  'articles-publish': { uids: [uid('article')], actions: ['read', 'publish'] },
  'globals-read': { uids: [uid('global'), uid('blog-page')], actions: ['read'] },
  'articles-locale-en': { uids: [uid('article')], actions: ['read', 'update'], properties: { locales: ['en'] },
    note: 'a locale-limited admin permission; API token scopes name actions only' },
};
export const CREDENTIALS = credentials(UIDS, CUSTOMS,
  { localized: UIDS.filter((one) => ![uid('logo'), uid('redirection')].includes(one)), locales: ['en', 'fr'] });

const DOC = 'result.structuredContent.data.documentId';
const slug = (name) => name.replace(/-/g, '_');
const reads = COLLECTIONS.flatMap((name) => [
  call(`list.${name}`, `list_${slug(name)}`, {}),
  call(`list.${name}.fr`, `list_${slug(name)}`, { locale: 'fr' }),
  call(`list.${name}.published`, `list_${slug(name)}`, { status: 'published', pageSize: 2 }),
]);
const singles = SINGLES.flatMap((name) => [
  call(`get.${name}`, `get_${slug(name)}`, {}),
  call(`get.${name}.fr`, `get_${slug(name)}`, { locale: 'fr' }),
  call(`get.${name}.published`, `get_${slug(name)}`, { status: 'published' }),
]);
const cta = (heading) => ({ __component: 'dynamic-zone.cta', heading, CTAs: [{ text: 'Go', URL: '/go', variant: 'outline' }] });

// the most telling first (a recording cut short keeps a prefix): documents with zones, the writes, then the lists
const CASES_AFTER_PROTOCOL = [
  call('get.article.a1', 'get_article', { documentId: '@@a1' }),
  call('get.article.a1.fr', 'get_article', { documentId: '@@a1', locale: 'fr' }),
  call('get.article.a2', 'get_article', { documentId: '@@a2' }),
  call('get.article.a3.published', 'get_article', { documentId: '@@a3', status: 'published' }),
  call('get.page.pg1', 'get_page', { documentId: '@@pg1' }),
  call('get.page.pg1.fr', 'get_page', { documentId: '@@pg1', locale: 'fr' }),
  call('get.product.p1', 'get_product', { documentId: '@@p1' }),
  call('get.plan.plan1', 'get_plan', { documentId: '@@plan1' }),
  call('get.category.c1', 'get_category', { documentId: '@@c1' }),
  call('get.testimonial.t1', 'get_testimonial', { documentId: '@@t1' }),
  call('get.logo.logo1', 'get_logo', { documentId: '@@logo1' }),
  call('get.faq.faq1.fr', 'get_faq', { documentId: '@@faq1', locale: 'fr' }),
  call('get.redirection.rd1', 'get_redirection', { documentId: '@@rd1' }),
  call('list.article.filter-category', 'list_article', { filters: { categories: { name: 'Guides' } } }),
  call('list.article.sort-title', 'list_article', { sort: ['title:desc'] }),
  call('list.product.filter-price', 'list_product', { filters: { price: { $gte: 50 } }, sort: 'price:asc' }),
  call('list.plan.filter-featured', 'list_plan', { filters: { featured: true } }),
  call('list.faq.filter-question', 'list_faq', { filters: { question: { $containsi: 'cost' } } }),
  // writes with dynamic zones and nested components
  call('create.article', 'create_article', { data: { title: 'Agent article', description: 'By an agent', slug: 'agent-article',
    categories: { connect: ['@@c1'] }, dynamic_zone: [cta('Agent CTA'), { __component: 'dynamic-zone.related-articles', heading: 'See', articles: { connect: ['@@a1'] } }],
    content: [{ type: 'paragraph', children: [{ type: 'text', text: 'Agent' }] }] } }, { capture: { a9: DOC } }),
  call('create.article.read', 'get_article', { documentId: '@@a9' }),
  call('create.article.missing-description', 'create_article', { data: { title: 'No description' } }),
  call('create.article.zone-bad-component', 'create_article', { data: { description: 'd', dynamic_zone: [{ __component: 'dynamic-zone.nope' }] } }),
  call('create.article.zone-bad-enum', 'create_article', { data: { description: 'd', dynamic_zone: [{ __component: 'dynamic-zone.cta',
    CTAs: [{ text: 'x', variant: 'loud' }] }] } }),
  call('create.article.bad-blocks', 'create_article', { data: { description: 'd', content: [{ type: 'paragraph' }] } }),
  call('update.article.fr', 'update_article', { documentId: '@@a9', locale: 'fr', data: { title: 'Article agent', description: 'Par un agent' } }),
  call('update.article.fr.read', 'get_article', { documentId: '@@a9', locale: 'fr' }),
  call('update.article.zone', 'update_article', { documentId: '@@a9', data: { dynamic_zone: [cta('Replaced')] } }),
  call('publish.article', 'publish_article', { documentId: '@@a9' }),
  call('publish.article.fr', 'publish_article', { documentId: '@@a9', locale: 'fr' }),
  call('publish.article.read', 'get_article', { documentId: '@@a9', status: 'published' }),
  call('update.article.after-publish', 'update_article', { documentId: '@@a9', data: { title: 'Agent article v2' } }),
  call('discard.article', 'discard_article_draft', { documentId: '@@a9' }),
  call('discard.article.read', 'get_article', { documentId: '@@a9' }),
  call('unpublish.article.fr', 'unpublish_article', { documentId: '@@a9', locale: 'fr' }),
  call('unpublish.article.discard', 'unpublish_article', { documentId: '@@a9', discardDraft: true }),
  call('unpublish.article.discard.read', 'get_article', { documentId: '@@a9' }),
  call('delete.article.fr', 'delete_article', { documentId: '@@a9', locale: 'fr' }),
  call('delete.article', 'delete_article', { documentId: '@@a9' }),
  call('delete.article.read', 'get_article', { documentId: '@@a9' }),
  call('create.page', 'create_page', { data: { slug: 'agent-page', dynamic_zone: [{ __component: 'dynamic-zone.hero', heading: 'Agent',
    CTAs: [{ text: 'Go' }] }, { __component: 'dynamic-zone.launches', heading: 'L', launches: [{ mission_number: 'A1', title: 'Agent' }] }] } },
  { capture: { pg9: DOC } }),
  call('create.page.read', 'get_page', { documentId: '@@pg9' }),
  call('create.page.duplicate-slug', 'create_page', { data: { slug: 'home' } }),
  call('create.page.missing-slug', 'create_page', { data: { dynamic_zone: [] } }),
  call('create.page.fr', 'create_page', { locale: 'fr', data: { slug: 'page-agent' } }, { capture: { pg10: DOC } }),
  call('publish.page', 'publish_page', { documentId: '@@pg9' }),
  call('unpublish.page', 'unpublish_page', { documentId: '@@pg9' }),
  call('discard.page.unpublished', 'discard_page_draft', { documentId: '@@pg9' }),
  call('delete.page', 'delete_page', { documentId: '@@pg9' }),
  call('create.product', 'create_product', { data: { name: 'Lander', price: 5, slug: 'lander', perks: [{ text: 'Soft' }],
    plans: { connect: ['@@plan3'] }, images: ['@@img1'] } }, { capture: { p9: DOC } }),
  call('create.product.read', 'get_product', { documentId: '@@p9' }),
  call('create.product.bad-price', 'create_product', { data: { name: 'Cheap', price: 1.5 } }),
  call('update.product.plans-set', 'update_product', { documentId: '@@p9', data: { plans: { set: [] }, featured: true } }),
  call('publish.product', 'publish_product', { documentId: '@@p9' }),
  call('delete.product', 'delete_product', { documentId: '@@p9' }),
  call('create.plan', 'create_plan', { data: { name: 'Agent plan', price: 1, CTA: { text: 'Buy', variant: 'muted' }, perks: [{ text: 'p' }],
    product: '@@p2' } }, { capture: { plan9: DOC } }),
  call('update.plan.product-null', 'update_plan', { documentId: '@@plan9', data: { product: null } }),
  call('update.plan.read', 'get_plan', { documentId: '@@plan9' }),
  call('delete.plan', 'delete_plan', { documentId: '@@plan9' }),
  call('create.category.fr', 'create_category', { locale: 'fr', data: { name: 'Nouvelles' } }, { capture: { c9: DOC } }),
  call('update.category.en', 'update_category', { documentId: '@@c9', data: { name: 'News (agent)' } }),
  call('delete.category', 'delete_category', { documentId: '@@c9', locale: 'fr' }),
  call('create.logo', 'create_logo', { data: { company: 'Agent Co', image: '@@img2' } }, { capture: { logo9: DOC } }),
  call('create.logo.missing-image', 'create_logo', { data: { company: 'No image' } }),
  call('delete.logo', 'delete_logo', { documentId: '@@logo9' }),
  call('create.faq', 'create_faq', { data: { question: 'Agent?', answer: 'Yes.' } }, { capture: { faq9: DOC } }),
  call('update.faq', 'update_faq', { documentId: '@@faq9', data: { answer: 'Yes, an agent.' } }),
  call('delete.faq', 'delete_faq', { documentId: '@@faq9' }),
  call('create.testimonial', 'create_testimonial', { data: { text: 'Agentic', user: { firstname: 'Ada', job: 'Agent' } } }, { capture: { t9: DOC } }),
  call('publish.testimonial', 'publish_testimonial', { documentId: '@@t9' }),
  call('unpublish.testimonial', 'unpublish_testimonial', { documentId: '@@t9', discardDraft: false }),
  call('delete.testimonial', 'delete_testimonial', { documentId: '@@t9' }),
  call('create.redirection', 'create_redirection', { data: { source: '/a', destination: '/b' } }, { capture: { rd9: DOC } }),
  call('update.redirection', 'update_redirection', { documentId: '@@rd9', data: { destination: '/c' } }),
  call('publish.redirection', 'publish_redirection', { documentId: '@@rd9' }),
  call('discard.redirection', 'discard_redirection_draft', { documentId: '@@rd9' }),
  call('delete.redirection', 'delete_redirection', { documentId: '@@rd9' }),
  // single types
  call('write.global', 'write_global', { data: { admin_title: 'LaunchPad (agent)', navbar: { left_navbar_items: [{ text: 'Agent', URL: '/agent' }] } } }),
  call('write.global.read', 'get_global', {}),
  call('publish.global', 'publish_global', {}),
  call('write.global.fr', 'write_global', { locale: 'fr', data: { buy_now: 'Acheter' } }),
  call('discard.global.fr', 'discard_global_draft', { locale: 'fr' }),
  call('unpublish.global.fr', 'unpublish_global', { locale: 'fr', discardDraft: true }),
  call('delete.global.fr', 'delete_global', { locale: 'fr' }),
  call('get.global.fr.after-delete', 'get_global', { locale: 'fr' }),
  call('write.blog-page', 'write_blog_page', { data: { heading: 'Agent blog', dynamic_zone: [{ __component: 'dynamic-zone.related-articles',
    heading: 'Latest', articles: { connect: ['@@a4'] } }] } }),
  call('write.blog-page.read', 'get_blog_page', {}),
  call('write.product-page.fr', 'write_product_page', { locale: 'fr', data: { heading: 'Produits' } }),
  call('delete.product-page.fr', 'delete_product_page', { locale: 'fr' }),
  call('delete.blog-page', 'delete_blog_page', {}),
  call('get.blog-page.after-delete', 'get_blog_page', {}),
  // limited credentials
  call('access.faqs-write.create', 'create_faq', { data: { question: 'Custom?' } }, { credential: 'custom-faqs-write' }),
  call('access.faqs-write.delete', 'delete_faq', { documentId: '@@faq2' }, { credential: 'custom-faqs-write' }),
  call('access.articles-publish.publish', 'publish_article', { documentId: '@@a3' }, { credential: 'custom-articles-publish' }),
  call('access.articles-publish.update', 'update_article', { documentId: '@@a3', data: { title: 'x' } }, { credential: 'custom-articles-publish' }),
  call('access.globals-read.get', 'get_global', {}, { credential: 'custom-globals-read' }),
  call('access.globals-read.write', 'write_global', { data: { buy_now: 'x' } }, { credential: 'custom-globals-read' }),
  call('access.articles-locale-en.list.fr', 'list_article', { locale: 'fr' }, { credential: 'custom-articles-locale-en' }),
  call('access.articles-locale-en.update.fr', 'update_article', { documentId: '@@a1', locale: 'fr', data: { title: 'x' } },
    { credential: 'custom-articles-locale-en' }),
  call('access.read.create', 'create_faq', { data: { question: 'Read-only?' } }, { credential: 'read' }),
  ...singles,
  ...reads,
];

export const CASES = [...protocolCases(Object.keys(CUSTOMS)).filter(({ id }) => /^(init\.full|init\.read|tools\.list\.|resources|prompts)/.test(id)),
  ...CASES_AFTER_PROTOCOL];
