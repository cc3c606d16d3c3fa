'use strict';
const { factories } = require('@strapi/strapi');

// Pages are read-only over the API: whatever cms.config.json grants, nothing changes a page through HTTP.
module.exports = factories.createCoreRouter('api::page.page', { only: ['find', 'findOne'] });
