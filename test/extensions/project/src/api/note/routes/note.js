'use strict';
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::note.note', {
  except: ['delete'],
  config: {
    find: { auth: false, policies: ['api::note.only-mine'] },
    create: { policies: ['not-blocked'] },
    update: {
      middlewares: [async (ctx, next) => { await next(); ctx.set('X-Inline', 'yes'); }],
    },
  },
});
