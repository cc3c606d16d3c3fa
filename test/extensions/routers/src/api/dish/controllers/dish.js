'use strict';
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::dish.dish', ({ strapi }) => ({
  async cheap() {
    const dishes = await strapi.documents('api::dish.dish').findMany({ filters: { price: { $lt: 10 } }, sort: 'name', fields: ['name'] });
    return { data: dishes.map((dish) => dish.name) };
  },
}));
