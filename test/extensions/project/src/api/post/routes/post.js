'use strict';
const { factories } = require('@strapi/strapi');

// Only a post's author reads one alone, changes or deletes it.
module.exports = factories.createCoreRouter('api::post.post', {
  config: {
    findOne: { policies: ['is-author'] },
    update: { policies: ['is-author'] },
    delete: { policies: ['is-author'] },
  },
});
