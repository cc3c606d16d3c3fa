'use strict';
const { factories } = require('@strapi/strapi');

// Only a post's author changes or deletes it.
module.exports = factories.createCoreRouter('api::post.post', {
  config: {
    update: { policies: ['is-author'] },
    delete: { policies: ['is-author'] },
  },
});
