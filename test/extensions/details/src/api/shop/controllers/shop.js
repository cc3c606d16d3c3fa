'use strict';
const { factories } = require('@strapi/strapi');

// Two custom actions, granted to roles in cms.config.json by their permission names (api::shop.shop.featured, .secret).
module.exports = factories.createCoreController('api::shop.shop', () => ({
  async featured() {
    return { featured: true };
  },
  async secret(ctx) {
    return { secret: true, strategy: ctx.state.auth ? ctx.state.auth.strategy.name : 'none' };
  },
}));
