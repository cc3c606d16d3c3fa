'use strict';
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::article.article', ({ strapi }) => ({
  // The core find, wrapped: the same answer with one more meta key.
  async find(ctx) {
    const { data, meta } = await super.find(ctx);
    return { data, meta: { ...meta, wrapped: true } };
  },

  // POST /api/articles/:id/like: one more like, and a like record beside it.
  async like(ctx) {
    const documents = strapi.documents('api::article.article');
    const article = await documents.findOne({ documentId: ctx.params.id });
    if (!article) return ctx.notFound('Article not found');
    const updated = await documents.update({ documentId: article.documentId, data: { likes: (article.likes ?? 0) + 1 } });
    await strapi.documents('api::like.like').create({ data: { article: article.documentId } });
    ctx.body = { data: { documentId: updated.documentId, likes: updated.likes } };
  },

  async broken() {
    throw new Error('something inside went wrong');
  },

  async check(ctx) {
    if (!ctx.query.name) return ctx.badRequest('name is required', { param: 'name' });
    ctx.status = 202;
    ctx.body = { name: ctx.query.name, filters: ctx.query.filters ?? null };
  },
}));
