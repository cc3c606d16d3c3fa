'use strict';
// Strapi v4's documented way to add routes to a core router: a router object wrapping it.
const { factories } = require('@strapi/strapi');

const defaultRouter = factories.createCoreRouter('api::dish.dish', { except: ['delete'] });

const customRouter = (innerRouter, extraRoutes = []) => {
  let routes;
  return {
    get prefix() { return innerRouter.prefix; },
    get routes() {
      if (!routes) routes = innerRouter.routes.concat(extraRoutes);
      return routes;
    },
  };
};

module.exports = customRouter(defaultRouter, [
  { method: 'GET', path: '/dishes/cheap', handler: 'dish.cheap', config: { auth: false } },
  { method: 'GET', path: '/cheap-dishes', handler: 'dish.cheap', config: { auth: false } },
]);
