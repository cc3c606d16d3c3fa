'use strict';
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::review.review', () => ({
  // The newest review, as the core find answers it (so the response format applies).
  async latest(ctx) {
    ctx.query = { ...ctx.query, sort: 'stars:desc', pagination: { pageSize: 1 } };
    return super.find(ctx);
  },
}));
