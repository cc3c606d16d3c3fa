'use strict';

const open = { auth: false };
module.exports = {
  routes: [
    { method: 'GET', path: '/notes-service', handler: 'note.viaService', config: open },
    { method: 'GET', path: '/notes-seen', handler: 'note.seen', config: open },
    { method: 'GET', path: '/notes-text', handler: 'note.text', config: open },
    { method: 'GET', path: '/notes-forbidden', handler: 'note.forbid', config: open },
    { method: 'GET', path: '/notes-unauthorized', handler: 'note.unauthorized', config: open },
    { method: 'GET', path: '/notes-teapot', handler: 'note.teapot', config: open },
    { method: 'GET', path: '/notes-throws-in-middleware', handler: 'note.text', config: { ...open, middlewares: ['global::add-header', () => { throw new Error('middleware broke'); }] } },
  ],
};
