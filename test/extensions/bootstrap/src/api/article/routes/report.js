'use strict';

const route = (method, path, action) => ({ method, path, handler: `article.${action}`, config: { auth: false } });

module.exports = {
  routes: [
    route('GET', '/articles-report/rows', 'rows'),
    route('GET', '/articles-report/query', 'query'),
    route('GET', '/articles-report/one', 'one'),
    route('GET', '/articles-report/counts', 'counts'),
    route('GET', '/articles-report/entity', 'entity'),
    route('GET', '/articles-report/locales', 'locales'),
    route('GET', '/articles-report/permissions', 'permissions'),
    route('POST', '/articles-report/review', 'review'),
    route('POST', '/articles-report/write', 'write'),
    route('POST', '/articles-report/grant', 'grant'),
    route('POST', '/articles-report/revoke', 'revoke'),
  ],
};
