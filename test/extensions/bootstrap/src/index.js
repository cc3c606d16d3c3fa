'use strict';

// What many Strapi 5 projects do in bootstrap (docs/guide/extending.md lists them): grant the Public role what the
// site shows through the users-permissions tables, then seed once through the query engine and the Entity Service.
const PUBLIC_ACTIONS = [
  'api::article.article.find',
  'api::article.article.findOne',
  'api::category.category.find',
  'api::review.review.find',
  'api::review.review.create',
];

async function grantPublic(strapi) {
  const publicRole = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'public' } });
  for (const action of PUBLIC_ACTIONS) {
    const existing = await strapi.db.query('plugin::users-permissions.permission').findOne({ where: { action, role: publicRole.id } });
    if (!existing) await strapi.db.query('plugin::users-permissions.permission').create({ data: { action, role: publicRole.id } });
  }
}

async function seed(strapi) {
  if ((await strapi.db.query('api::category.category').count()) > 0) return;
  const news = await strapi.db.query('api::category.category').create({ data: { name: 'News' } });
  const tips = await strapi.query('api::category.category').create({ data: { name: 'Tips' } });
  await strapi.entityService.create('api::article.article', {
    data: { title: 'Hello', slug: 'hello', views: 3, secret: 'kept back', category: news.id },
  });
  await strapi.entityService.create('api::article.article', {
    data: { title: 'Draft only', slug: 'draft-only', views: 1, category: tips.id, publishedAt: null },
  });
  await strapi.db.query('api::article.article').create({ data: { title: 'Engine draft', slug: 'engine-draft', views: 7, publishedAt: null } });
  await strapi.db.query('api::review.review').create({ data: { text: 'Seeded' } });
}

module.exports = {
  register() {},
  async bootstrap({ strapi }) {
    await grantPublic(strapi);
    await seed(strapi);
    strapi.log.info('bootstrap project ready');
  },
};
