'use strict';
module.exports = require('@strapi/strapi').factories.createCoreController('api::comment.comment');
