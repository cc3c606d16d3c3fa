'use strict';
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::note.note', ({ strapi }) => ({
  async findOne(ctx) {
    ctx.query = { ...ctx.query, fields: ['text'] };
    return super.findOne(ctx);
  },

  async whoami(ctx) {
    ctx.body = { strategy: ctx.state.auth?.strategy?.name ?? null, user: ctx.state.user ?? null };
  },
}));
