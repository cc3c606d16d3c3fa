'use strict';
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::article.article', {
  only: ['find', 'findOne', 'create'],
  config: {
    find: { middlewares: ['global::add-header'] },
  },
});
