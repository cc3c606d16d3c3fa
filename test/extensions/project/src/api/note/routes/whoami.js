'use strict';

module.exports = {
  routes: [{ method: 'GET', path: '/notes-whoami', handler: 'note.whoami', config: { auth: { scope: ['api::note.note.find'] } } }],
};
