'use strict';

/**
 * course-status router
 */

const { createCoreRouter } = require('@strapi/strapi').factories;

module.exports = createCoreRouter('api::course-status.course-status');
