// The project's page controller: `find` adds `meta.breadcrumbs` when the query asks for one page by
// `filters[fullPath][$eq]`, reading the parent chain through the Document Service with a populate as deep as the
// path. Every page of the tree, in both locales, each query form that does or does not trigger it, as the token, a
// signed-in user and the Public role; then each role's view of every route.
// @ts-nocheck
import { get, q } from '../../../conformance/catalogue/helpers.mjs';
import { AS, V4 } from './common.mjs';

const PATHS = [
  ['root', '/', ''], ['about', '/about', ''], ['team', '/about/team', ''], ['people', '/about/team/people', ''],
  ['history', '/about/history', ''], ['blog', '/blog', ''], ['news', '/blog/news', ''], ['orphan', '/lost/orphan', ''],
  ['draft', '/soon', ''], ['missing', '/nowhere', ''], ['cs-root', '/cs', '&locale=cs'], ['cs-about', '/cs/o-nas', '&locale=cs'],
  ['cs-team', '/cs/o-nas/tym', '&locale=cs'], ['cs-in-en', '/cs/o-nas/tym', ''],
];
const FORMS = [
  ['plain', ''],
  ['fields', '&fields[0]=title&fields[1]=fullPath'],
  ['populate', '&populate[parent][fields][0]=title&populate[seo]=true'],
];
const breadcrumbs = PATHS.flatMap(([name, path, locale]) => FORMS.flatMap(([form, extra]) => AS.map(([who, auth]) =>
  get(`controller.breadcrumbs.${name}.${form}.${who}`, `/api/pages?filters[fullPath][$eq]=${q(path)}${locale}${extra}`, auth))));

// Query forms around the trigger: only `$eq` on fullPath with exactly one page found adds breadcrumbs.
const OTHER = [
  ['title-only', 'fields[0]=title&filters[fullPath][$eq]=%2Fabout%2Fteam'],
  ['no-fullPath-field', 'fields[0]=slug&filters[fullPath][$eq]=%2Fabout%2Fteam%2Fpeople'],
  ['eqi', 'filters[fullPath][$eqi]=%2FABOUT%2FTEAM'],
  ['implicit-eq', 'filters[fullPath]=%2Fabout%2Fteam'],
  ['in', 'filters[fullPath][$in][0]=%2Fabout%2Fteam'],
  ['startsWith', 'filters[fullPath][$startsWith]=%2Fabout%2Fteam%2F'],
  ['two-pages', 'filters[fullPath][$eq]=%2Fabout&filters[$or][0][slug][$eq]=about&filters[$or][1][slug][$eq]=blog'],
  ['with-slug', 'filters[fullPath][$eq]=%2Fblog%2Fnews&filters[slug][$eq]=news'],
  ['wrong-slug', 'filters[fullPath][$eq]=%2Fblog%2Fnews&filters[slug][$eq]=blog'],
  ['paged-out', 'filters[fullPath][$eq]=%2Fblog%2Fnews&pagination[page]=2'],
  ['status-draft', 'filters[fullPath][$eq]=%2Fsoon&status=draft'],
  ['status-draft-team', 'filters[fullPath][$eq]=%2Fabout%2Fteam&status=draft'],
  ['locale-all', 'filters[fullPath][$eq]=%2Fabout%2Fteam&locale=all'],
  ['array-eq', 'filters[fullPath][$eq][0]=%2Fabout'],
  ['and', 'filters[$and][0][fullPath][$eq]=%2Fabout%2Fteam'],
  ['populate-star', 'filters[fullPath][$eq]=%2Fabout%2Fteam&populate=*'],
  ['bad-filter', 'filters[fullPath][$eq]=%2Fabout&filters[nope][$eq]=1'],
  ['bad-sort', 'filters[fullPath][$eq]=%2Fabout&sort=nope'],
];
const around = OTHER.flatMap(([name, query]) => AS.map(([who, auth]) => get(`controller.breadcrumbs.form.${name}.${who}`, `/api/pages?${query}`, auth)));
const v4 = [
  get('controller.breadcrumbs.v4.team', '/api/pages?filters[fullPath][$eq]=%2Fabout%2Fteam', V4),
  get('controller.breadcrumbs.v4.people', '/api/pages?filters[fullPath][$eq]=%2Fabout%2Fteam%2Fpeople&populate=parent', V4),
  get('controller.v4.find', '/api/pages?fields[0]=title&sort=title&pagination[pageSize]=3', V4),
  get('controller.v4.findOne', '/api/pages/@@team?populate=parent', V4),
  get('controller.v4.navbar', '/api/navbar?populate=*', V4),
];

const ROUTES = [
  ['page.find', '/api/pages?fields[0]=title&sort=title'],
  ['page.findOne', '/api/pages/@@news?fields[0]=title'],
  ['page.findOne.draft', '/api/pages/@@draft?status=draft&fields[0]=title'],
  ['page.find.draft', '/api/pages?fields[0]=title&sort=title&status=draft'],
  ['navbar.find', '/api/navbar'],
  ['footer.find', '/api/footer?fields[0]=copyRight'],
  ['users.me', '/api/users/me'],
  ['users.find', '/api/users'],
  ['upload.files', '/api/upload/files?fields[0]=name&sort=name'],
  ['i18n.locales', '/api/i18n/locales'],
];
const roles = ROUTES.flatMap(([name, path]) => AS.map(([who, auth]) => get(`auth.${name}.${who}`, path, auth)));

// The home page's dynamic zone and the Czech tree as each caller reads them.
const DEEP = [
  ['home-content', '/api/pages?filters[slug][$eq]=home&fields[0]=title&populate[content][populate]=*'],
  ['home-hero', '/api/pages?filters[slug][$eq]=home&fields[0]=title&populate[content][on][sections.hero][populate][image][populate]=media'],
  ['home-seo', '/api/pages?filters[slug][$eq]=home&fields[0]=title&populate[seo][populate]=*'],
  ['tree', '/api/pages?fields[0]=slug&sort=slug&populate[parent][fields][0]=slug&populate[children][fields][0]=slug'],
  ['cs-tree', '/api/pages?locale=cs&fields[0]=slug&sort=slug&populate[parent][fields][0]=slug'],
  ['cs-one', '/api/pages/@@team?locale=cs&populate=*'],
  ['all-locales', '/api/pages?locale=all&fields[0]=slug&fields[1]=locale&sort[0]=locale&sort[1]=slug'],
  ['navbar-cs', '/api/navbar?locale=cs&populate=*'],
  ['footer-deep', '/api/footer?populate[sections][populate]=*&populate[logoImage][populate][image][populate]=*'],
  ['drafts-cs', '/api/pages?status=draft&locale=cs&fields[0]=slug&sort=slug'],
];
const deep = DEEP.flatMap(([name, path]) => AS.map(([who, auth]) => get(`view.${name}.${who}`, path, auth)));

export const VIEWS = [...breadcrumbs, ...around, ...v4, ...roles, ...deep];
