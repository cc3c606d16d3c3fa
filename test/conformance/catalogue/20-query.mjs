// sort, fields, pagination (odd values included), _q and the top-level keys.
import { get } from './helpers.mjs';

const K = '/api/kitchens?fields[0]=title';

const sort = [
  ['title', 'sort=title'], ['title.desc', 'sort=title:desc'], ['title.DESC', 'sort=title:DESC'], ['title.Asc', 'sort=title:Asc'],
  ['two', 'sort=active:desc,title'], ['array', 'sort[0]=active:desc&sort[1]=title:asc'], ['object', 'sort[title]=desc'],
  ['array.object', 'sort[0][title]=desc'], ['array.object.two', 'sort[0][active]=asc&sort[1][title]=desc'],
  ['count', 'sort=count'], ['count.desc', 'sort=count:desc'], ['big', 'sort=big'], ['ratio', 'sort=ratio:desc'], ['price', 'sort=price'],
  ['day', 'sort=day'], ['clock', 'sort=clock:desc'], ['at', 'sort=at'], ['active', 'sort=active,title'], ['color', 'sort=color,title'],
  ['name', 'sort=name'], ['email', 'sort=email:desc'], ['slug', 'sort=slug'], ['createdAt', 'sort=createdAt:desc'],
  ['relation.dot', 'sort=owner.name:asc,title'], ['relation.object', 'sort[owner][name]=desc'],
  ['relation.array.object', 'sort[0][owner][name]=asc'],
  ['component.dot', 'sort=seo.metaTitle'], ['media.dot', 'sort=cover.name'],
  ['bad.order', 'sort=title:up'], ['unknown', 'sort=nope'], ['relation.bare', 'sort=owner'], ['component.bare', 'sort=seo'],
  ['password', 'sort=secret'], ['private', 'sort=internal'], ['json', 'sort=meta'], ['blocks', 'sort=blocks'], ['dz', 'sort=zone'],
  ['empty', 'sort='], ['colon.only', 'sort=:desc'], ['trailing.colon', 'sort=title:'], ['commas', 'sort=,,'],
  ['spaces', 'sort=title%20:%20desc'],
  ['null', 'sort'], ['object.bad.order', 'sort[title]=up'], ['array.bad', 'sort[0]=nope'], ['publishedAt', 'sort=publishedAt'],
  ['relation.unknown', 'sort=owner.nope'], ['tomany', 'sort=picks.name'],
].map(([id, query]) => get(`sort.${id}`, `${K}&${query}`));

const postSort = [
  get('sort.posts.status', '/api/posts?fields[0]=title&sort=status'),
  get('sort.posts.status.draft', '/api/posts?fields[0]=title&status=draft&sort=status,title'),
  get('sort.posts.author', '/api/posts?fields[0]=title&sort=author.name,title:desc'),
  get('sort.posts.views', '/api/posts?fields[0]=title&sort=views:desc'),
  get('sort.posts.locale', '/api/posts?fields[0]=title&locale=*&sort=locale,title'),
  get('sort.authors.posts', '/api/authors?fields[0]=name&sort=posts.title'),
  get('sort.authors.posts.desc', '/api/authors?fields[0]=name&sort=posts.title:desc'),
  get('sort.posts.tags', '/api/posts?fields[0]=title&sort=tags.name,title'),
  get('sort.posts.tags.desc', '/api/posts?fields[0]=title&sort=tags.name:desc,title'),
  get('sort.tags.posts.views', '/api/tags?fields[0]=name&sort=posts.views:desc,name'),
];

const fields = [
  ['one', 'fields=title'], ['comma', 'fields=title,count'], ['array', 'fields[0]=title&fields[1]=count'], ['star', 'fields=*'],
  ['star.array', 'fields[0]=*'], ['unknown', 'fields=nope'], ['relation', 'fields=owner'], ['component', 'fields=seo'],
  ['media', 'fields=cover'],
  ['dz', 'fields=zone'], ['password', 'fields=secret'], ['private', 'fields=internal'], ['createdAt', 'fields=createdAt'],
  ['id', 'fields=id'],
  ['documentId', 'fields=documentId'], ['publishedAt', 'fields=publishedAt'], ['empty', 'fields='], ['null', 'fields'],
  ['spaces', 'fields=title,%20count'], ['json', 'fields=meta'], ['blocks', 'fields=blocks'],
  ['every.scalar', 'fields=name,code,short,text,rich,email,slug,color,count,big,ratio,price,active,day,clock,at,meta'],
  ['locale', 'fields=locale'], ['object', 'fields[title]=true'], ['with.populate', 'fields[0]=title&populate[0]=owner'],
].map(([id, query]) => get(`fields.${id}`, `/api/kitchens?sort=title&${query}`));

const postFields = [
  get('fields.posts.locale', '/api/posts?sort=title&fields=title,locale'),
  get('fields.posts.noLocale', '/api/posts?sort=title&fields=title'),
  get('fields.posts.status', '/api/posts?sort=title&fields=status'),
  get('fields.findOne', '/api/kitchens/@@k1?fields=title,count'),
  get('fields.findOne.unknown', '/api/kitchens/@@k1?fields=nope'),
];

const P = '/api/tags?fields[0]=name&sort=name';
const pagination = [
  ['page.size', 'pagination[page]=2&pagination[pageSize]=2'], ['page.only', 'pagination[page]=2'],
  ['pageSize.only', 'pagination[pageSize]=3'],
  ['page.beyond', 'pagination[page]=9&pagination[pageSize]=2'], ['page.zero', 'pagination[page]=0'],
  ['page.negative', 'pagination[page]=-1'],
  ['pageSize.zero', 'pagination[pageSize]=0'], ['pageSize.negative', 'pagination[pageSize]=-5'],
  ['pageSize.max', 'pagination[pageSize]=100'],
  ['pageSize.over', 'pagination[pageSize]=101'], ['pageSize.over.page2', 'pagination[page]=2&pagination[pageSize]=500'],
  ['page.fraction.more', 'pagination[page]=2.5&pagination[pageSize]=2'], ['start.null', 'pagination[start]'],
  ['limit.minus1.start', 'pagination[limit]=-1&pagination[start]=1'], ['pageSize.huge', 'pagination[pageSize]=100000'],
  ['page.abc', 'pagination[page]=abc'], ['pageSize.abc', 'pagination[pageSize]=abc'],
  ['page.fraction', 'pagination[page]=1.5&pagination[pageSize]=2'],
  ['pageSize.fraction', 'pagination[pageSize]=2.7'], ['page.exp', 'pagination[page]=1e0&pagination[pageSize]=2'],
  ['pageSize.hex', 'pagination[pageSize]=0x2'],
  ['page.plus', 'pagination[page]=%2B2&pagination[pageSize]=2'], ['page.space', 'pagination[page]=%202&pagination[pageSize]=2'],
  ['page.empty', 'pagination[page]=&pagination[pageSize]=2'], ['page.null', 'pagination[page]&pagination[pageSize]=2'],
  ['page.array', 'pagination[page][0]=2&pagination[pageSize]=2'], ['pageSize.array', 'pagination[pageSize][0]=2'],
  ['start.limit', 'pagination[start]=1&pagination[limit]=2'], ['start.only', 'pagination[start]=2'], ['limit.only', 'pagination[limit]=1'],
  ['limit.minus1', 'pagination[limit]=-1'], ['limit.zero', 'pagination[limit]=0'], ['limit.negative', 'pagination[limit]=-3'],
  ['limit.over', 'pagination[limit]=500'], ['limit.abc', 'pagination[limit]=abc'], ['limit.fraction', 'pagination[limit]=1.5'],
  ['start.negative', 'pagination[start]=-1&pagination[limit]=2'], ['start.abc', 'pagination[start]=abc'],
  ['start.fraction', 'pagination[start]=1.5&pagination[limit]=2'],
  ['start.beyond', 'pagination[start]=50'], ['mixed', 'pagination[page]=1&pagination[start]=0'],
  ['mixed.limit', 'pagination[pageSize]=2&pagination[limit]=2'],
  ['root.page', 'page=2'], ['root.pageSize', 'pageSize=2'], ['root.start', 'start=1'], ['root.limit', 'limit=1'],
  ['root.start.limit', 'start=1&limit=1&pagination[pageSize]=2'],
  ['withCount.false', 'pagination[withCount]=false'], ['withCount.0', 'pagination[withCount]=0'],
  ['withCount.f', 'pagination[withCount]=f'],
  ['withCount.true', 'pagination[withCount]=true'], ['withCount.t', 'pagination[withCount]=t'],
  ['withCount.maybe', 'pagination[withCount]=maybe'],
  ['withCount.empty', 'pagination[withCount]='],
  ['withCount.offset', 'pagination[start]=0&pagination[limit]=2&pagination[withCount]=false'],
  ['string', 'pagination=abc'], ['unknown.key', 'pagination[foo]=1'], ['array', 'pagination[0]=1'],
].map(([id, query]) => get(`pagination.${id}`, `${P}&${query}`));

const pageMore = [
  get('pagination.findOne', '/api/tags/@@t1?pagination[page]=2'),
  get('pagination.posts.locale.star', '/api/posts?fields[0]=title&sort=title&locale=*&pagination[pageSize]=2'),
  get('pagination.posts.draft.count', '/api/posts?fields[0]=title&sort=title&status=draft&pagination[pageSize]=1'),
];

// (terms that a random documentId cannot contain: Strapi searches the documentId column too)
const search = [
  get('q.posts', '/api/posts?fields[0]=title&sort=title&_q=coffee'),
  get('q.posts.upper', '/api/posts?fields[0]=title&sort=title&_q=COFFEE'),
  get('q.posts.summary', '/api/posts?fields[0]=title&sort=title&_q=black'),
  get('q.posts.number', '/api/posts?fields[0]=title&sort=title&_q=3.25'),
  get('q.posts.empty', '/api/posts?fields[0]=title&sort=title&_q='),
  get('q.posts.fr', '/api/posts?fields[0]=title&sort=title&locale=fr&_q=caf%C3%A9'),
  get('q.posts.draft', '/api/posts?fields[0]=title&sort=title&status=draft&_q=draft'),
  get('q.kitchens.name', `${K}&sort=title&_q=gamma`),
  get('q.kitchens.percent', `${K}&sort=title&_q=%25_`),
  get('q.kitchens.email', `${K}&sort=title&_q=example.org`),
  get('q.kitchens.private', `${K}&sort=title&_q=hidden`),
  get('q.kitchens.password', `${K}&sort=title&_q=hunter22`),
  get('q.kitchens.filters', `${K}&sort=title&_q=coffee&filters[active]=true`),
  get('q.authors', '/api/authors?fields[0]=name&sort=name&_q=writes'),
  get('q.authors.private', '/api/authors?fields[0]=name&sort=name&_q=secret'),
  get('q.array', `${K}&sort=title&_q[0]=x`),
  // (each term long enough, or holding a character, that no random documentId can contain it)
  get('q.kitchens.date', `${K}&sort=title&_q=2024-02-29`), get('q.kitchens.time', `${K}&sort=title&_q=13:45`),
  get('q.kitchens.enum', `${K}&sort=title&_q=green`), get('q.kitchens.big', `${K}&sort=title&_q=9007199254740991`),
  get('q.kitchens.blocks', `${K}&sort=title&_q=Hello`), get('q.kitchens.space', `${K}&sort=title&_q=${encodeURIComponent('Full kitchen')}`),
  get('q.kitchens.decimal', `${K}&sort=title&_q=19.99`), get('q.tags.weight', '/api/tags?fields[0]=name&sort=name&_q=-10.0'),
  get('q.terms.star', '/api/terms?fields[0]=word&sort=word&locale=*&_q=pomme'),
  get('q.pages.draft', '/api/pages?fields[0]=title&sort=title&status=draft&_q=about'),
];

const topLevel = [
  get('query.unknown.key', '/api/tags?fields[0]=name&sort=name&foo=1'),
  get('query.status.nonDP', '/api/tags?fields[0]=name&sort=name&status=draft'),
  get('query.locale.nonI18n', '/api/tags?fields[0]=name&sort=name&locale=fr'),
  get('query.hasPublishedVersion', '/api/posts?fields[0]=title&sort=title&status=draft&hasPublishedVersion=true'),
  get('query.hasPublishedVersion.false', '/api/posts?fields[0]=title&sort=title&status=draft&hasPublishedVersion=false'),
  get('query.count', '/api/tags?fields[0]=name&sort=name&count=true'),
  get('query.ordering', '/api/tags?fields[0]=name&sort=name&ordering=desc'),
  get('query.publicationState', '/api/posts?fields[0]=title&sort=title&publicationState=preview'),
  get('query.filters.string', '/api/tags?fields[0]=name&sort=name&filters=abc'),
  get('query.populate.string.star', '/api/tags?fields[0]=name&sort=name&populate=*'),
  ...['modified', 'unmodified', 'never-published', 'has-published-version', 'published-without-draft', 'published-with-draft',
    'modified-document', 'bogus'].flatMap((filter) => [
    get(`query.publicationFilter.${filter}`, `/api/posts?fields[0]=title&sort=title&publicationFilter=${filter}`),
    get(`query.publicationFilter.${filter}.draft`, `/api/posts?fields[0]=title&sort=title&status=draft&publicationFilter=${filter}`),
  ]),
];

export default [...sort, ...postSort, ...fields, ...postFields, ...pagination, ...pageMore, ...search, ...topLevel];
