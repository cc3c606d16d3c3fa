'use strict';
// Custom routes before the core router's /shops/:id, as Strapi's docs name such a file.
module.exports = {
  routes: [
    { method: 'GET', path: '/shops/featured', handler: 'api::shop.shop.featured' },
    { method: 'GET', path: '/shops/secret', handler: 'shop.secret' },
  ],
};
