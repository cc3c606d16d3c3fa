'use strict';
// A router with its own prefix (the form the Strapi docs show for custom routers): its routes are under
// /api/restaurants; one with `config.prefix` leaves the router's prefix out; a route-level `prefix` is not Strapi's.
module.exports = {
  prefix: '/restaurants',
  routes: [
    { method: 'GET', path: '/', handler: 'restaurant.find' },
    { method: 'GET', path: '/top', handler: 'restaurant.top', config: { prefix: '' } },
    { method: 'GET', path: '/restaurants-count', handler: 'restaurant.count', config: { prefix: '/elsewhere', auth: false } },
    { method: 'GET', path: '/:id', handler: 'restaurant.findOne' },
    { method: 'POST', path: '/', handler: 'restaurant.create' },
    { method: 'PUT', path: '/:id', handler: 'restaurant.update' },
    { method: 'GET', path: '/:id/summary', handler: 'api::restaurant.restaurant.summary', prefix: '/ignored', config: { auth: false } },
  ],
};
