'use strict';

/**
 * module controller
 */

const { createCoreController } = require('@strapi/strapi').factories;

module.exports = createCoreController('api::module.module');
