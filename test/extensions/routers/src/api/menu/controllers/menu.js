'use strict';
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::menu.menu', ({ strapi }) => ({
  async title() {
    const menu = await strapi.documents('api::menu.menu').findFirst();
    return { title: menu ? menu.title : null };
  },
}));
