'use strict';
// A core router under a prefix of its own, some of its routes, one of them public and one outside the prefix.
module.exports = require('@strapi/strapi').factories.createCoreRouter('api::category.category', {
  prefix: '/v2',
  only: ['find', 'findOne', 'create', 'delete'],
  except: ['delete'],
  config: { find: { auth: false }, findOne: { prefix: '' } },
});
