import { AsyncScope } from '../async-scope.js';
import type { Cms } from '../cms.js';

/** The branch view a request answers from (HTTP `Cms-Branch`), for project code that holds the base's `cms`. */
const current = new AsyncScope<{ base: Cms; view: Cms }>();

/**
 * Run `work` (a request's answer) as a branch's: project code's `strapi.documents()` and core controllers inside it
 * answer `view` instead of `base`.
 *
 * @example
 * await onBranch(cms, view, () => runRoute(view, code, match, input));
 */
export function onBranch<T>(base: Cms, view: Cms, work: () => T): T {
  return current.run({ base, view }, work);
}

/**
 * The site project code should use now: the request's branch view when the request named a branch of this site,
 * else `cms` itself.
 *
 * @example
 * siteFor(cms).documents('api::article.article').findMany()
 */
export function siteFor(cms: Cms): Cms {
  const request = current.getStore();
  return request && request.base === cms ? request.view : cms;
}

/**
 * The served site behind `site`: a branch view's base while its request runs, else `site` itself. The Git panel's routes
 * (status, commit, pull, change requests, merge) are about the served tree and its index, whichever branch a tab is on.
 *
 * @example
 * studioGitResponse(baseSite(site), request, name, url, headers)
 */
export function baseSite(site: Cms): Cms {
  const request = current.getStore();
  return request && request.view === site ? request.base : site;
}
