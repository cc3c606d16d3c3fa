'use strict';

module.exports = {
  routes: [{ method: 'GET', path: '/notes-whoami', handler: 'note.whoami' }],
};
