'use strict';
const { factories } = require('@strapi/strapi');

const UID = 'api::article.article';
const BY_TITLE = [{ title: 'asc' }, { publishedAt: 'asc' }];
const publicRole = (strapi) => strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'public' } });

module.exports = factories.createCoreController(UID, ({ strapi }) => ({
  // Every row the query engine holds: a published document is a draft row and a published row.
  async rows() {
    return strapi.db.query(UID).findMany({ select: ['title', 'views', 'publishedAt'], orderBy: BY_TITLE });
  },

  async query() {
    return strapi.db.query(UID).findMany({
      where: { views: { $gt: 1 }, publishedAt: { $notNull: true } },
      select: ['title', 'views'],
      populate: { category: { select: ['name'] } },
      orderBy: { views: 'desc' },
      limit: 5,
      offset: 0,
    });
  },

  // A whole row: every column, the private one too, and the populated relation.
  async one() {
    return strapi.query(UID).findOne({ where: { slug: 'hello' }, populate: ['category'] });
  },

  async counts() {
    const articles = strapi.db.query(UID);
    return {
      rows: await articles.count(),
      published: await articles.count({ where: { publishedAt: { $notNull: true } } }),
      inNews: await articles.count({ where: { category: { name: 'News' } } }),
      paged: (await articles.findMany({ select: ['title'], orderBy: BY_TITLE, limit: 2, offset: 1 })).map((row) => row.title),
    };
  },

  // Strapi 4's Entity Service, as Strapi 5 ships it: drafts unless a status is given.
  async entity() {
    const hello = await strapi.db.query(UID).findOne({ where: { slug: 'hello' } });
    return {
      drafts: await strapi.entityService.findMany(UID, { fields: ['title'], sort: 'title:asc' }),
      published: await strapi.entityService.findMany(UID, { fields: ['title', 'views'], sort: ['title:asc'], status: 'published' }),
      one: await strapi.entityService.findOne(UID, hello.id, { fields: ['title', 'views'], populate: { category: { fields: ['name'] } } }),
      count: await strapi.entityService.count(UID),
      page: await strapi.entityService.findPage(UID, { fields: ['title'], sort: 'title:asc', page: 1, pageSize: 2 }),
    };
  },

  async locales() {
    return strapi.service(UID).siteLocales();
  },

  async permissions() {
    const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'public' }, populate: ['permissions'] });
    const tree = await strapi.plugin('users-permissions').service('role').findOne(role.id);
    return {
      role: { name: role.name, type: role.type, description: role.description },
      actions: role.permissions.map((permission) => permission.action).filter((action) => action.startsWith('api::')).sort(),
      category: tree.permissions['api::category'].controllers.category,
      granted: await strapi.db.query('plugin::users-permissions.permission').count({ where: { role: role.id, action: { $startsWith: 'api::' } } }),
    };
  },

  // A query-engine write made for a request: the review's lifecycle sees the request.
  async review() {
    return strapi.db.query('api::review.review').create({ data: { text: 'Through the engine' }, select: ['text', 'author', 'via'] });
  },

  async write() {
    const articles = strapi.db.query(UID);
    const updated = await articles.update({ where: { slug: 'engine-draft' }, data: { views: 8 }, select: ['title', 'views', 'publishedAt'] });
    const hello = await articles.findOne({ where: { slug: 'hello', publishedAt: { $notNull: true } } });
    const viaEntity = await strapi.entityService.update(UID, hello.id, { data: { views: 4 }, fields: ['title', 'views'] });
    const removed = await articles.delete({ where: { slug: 'draft-only' }, select: ['title'] });
    const left = await articles.findMany({ select: ['title', 'views', 'publishedAt'], orderBy: BY_TITLE });
    return { updated, viaEntity, removed, left };
  },

  // The users-permissions role service, as a settings screen would: enable the categories' findOne for the Public role.
  async grant() {
    const roles = strapi.plugin('users-permissions').service('role');
    const role = await roles.findOne((await publicRole(strapi)).id);
    role.permissions['api::category'].controllers.category.findOne.enabled = true;
    await roles.updateRole(role.id, role);
    return { category: (await roles.findOne(role.id)).permissions['api::category'].controllers.category };
  },

  async revoke() {
    const role = await publicRole(strapi);
    const removed = await strapi.db.query('plugin::users-permissions.permission').delete({
      where: { action: 'api::review.review.find', role: role.id },
    });
    return { removed: removed && removed.action };
  },
}));
