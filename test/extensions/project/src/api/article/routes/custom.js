'use strict';

module.exports = {
  routes: [
    {
      method: 'POST',
      path: '/articles/:id/like',
      handler: 'article.like',
      config: { auth: false, policies: ['global::has-like-header'] },
    },
    { method: 'GET', path: '/articles-broken', handler: 'article.broken', config: { auth: false } },
    { method: 'GET', path: '/articles-check', handler: 'article.check', config: { auth: false } },
  ],
};
