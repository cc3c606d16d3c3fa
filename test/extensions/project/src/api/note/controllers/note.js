'use strict';
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::note.note', ({ strapi }) => ({
  async findOne(ctx) {
    ctx.query = { ...ctx.query, fields: ['text'] };
    return super.findOne(ctx);
  },

  async viaService(ctx) {
    ctx.body = await strapi.service('api::note.note').find({ fields: ['text'], sort: 'text' });
  },

  async seen() {
    const notes = await strapi.documents('api::note.note').findMany({ fields: ['text'] });
    return { data: notes.map((note) => ({ text: note.text, seen: note.seen ?? false })) };
  },

  async text(ctx) {
    ctx.body = 'plain words';
  },

  async forbid(ctx) {
    return ctx.forbidden('not for you', { reason: 'test' });
  },

  async unauthorized(ctx) {
    return ctx.unauthorized('who are you?');
  },

  async teapot(ctx) {
    ctx.throw(418, 'short and stout');
  },

  async whoami(ctx) {
    const { user } = ctx.state;
    const shown = user && { id: user.id, username: user.username, email: user.email, confirmed: user.confirmed, role: user.role?.type };
    ctx.body = { strategy: ctx.state.auth?.strategy?.name ?? null, user: shown ?? null };
  },
}));
