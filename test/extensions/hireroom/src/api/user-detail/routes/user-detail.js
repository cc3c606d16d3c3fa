'use strict';

/**
 * user-detail router
 */

const { createCoreRouter } = require('@strapi/strapi').factories;

module.exports = createCoreRouter('api::user-detail.user-detail');
