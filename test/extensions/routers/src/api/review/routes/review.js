'use strict';
// A router made by a function of { strapi }; its `type: 'admin'` is not what an api folder's router gets.
module.exports = ({ strapi }) => ({
  type: 'admin',
  prefix: '/reviews',
  routes: [
    { method: 'GET', path: '/', handler: 'review.find' },
    { method: 'GET', path: '/ping', handler: async (ctx) => { ctx.body = { pong: typeof strapi.documents === 'function' }; }, config: { auth: false } },
    // an inline handler without `auth`: no scope, so any authenticated caller, a list of Koa middlewares
    { method: 'GET', path: '/pong', handler: [async (ctx, next) => { ctx.set('x-first', 'yes'); await next(); }, (ctx) => { ctx.body = { pong: ctx.state.auth ? ctx.state.auth.strategy.name : 'none' }; }] },
    { method: 'GET', path: '/latest', handler: 'review.latest' },
    { method: 'GET', path: '/:id', handler: 'review.findOne' },
    { method: 'POST', path: '/', handler: 'review.create' },
    { method: 'PUT', path: '/:id', handler: 'review.update' },
    { method: 'DELETE', path: '/:id', handler: 'review.delete' },
  ],
});
