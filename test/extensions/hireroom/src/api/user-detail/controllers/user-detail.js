'use strict';

/**
 * user-detail controller
 */

const { createCoreController } = require('@strapi/strapi').factories;

module.exports = createCoreController('api::user-detail.user-detail');
