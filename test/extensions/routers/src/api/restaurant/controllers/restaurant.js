'use strict';
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::restaurant.restaurant', ({ strapi }) => ({
  // The first two by name, through the core service, sanitized and transformed as a core action would.
  async top(ctx) {
    const { results } = await strapi.service('api::restaurant.restaurant').find({ sort: 'name', fields: ['name'], pagination: { pageSize: 2 } });
    const sanitized = await this.sanitizeOutput(results, ctx);
    return this.transformResponse(sanitized, { top: 2 });
  },
  async count() {
    return { count: await strapi.documents('api::restaurant.restaurant').count() };
  },
  async summary(ctx) {
    return { id: ctx.params.id, kind: 'summary' };
  },
}));
