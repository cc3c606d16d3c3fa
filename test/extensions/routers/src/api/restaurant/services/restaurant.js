'use strict';
module.exports = require('@strapi/strapi').factories.createCoreService('api::restaurant.restaurant');
