'use strict';

module.exports = (config, { strapi }) => async (ctx, next) => {
  await next();
  ctx.set('X-Articles-Listed', 'yes');
};
