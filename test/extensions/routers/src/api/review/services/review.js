'use strict';
module.exports = require('@strapi/strapi').factories.createCoreService('api::review.review');
