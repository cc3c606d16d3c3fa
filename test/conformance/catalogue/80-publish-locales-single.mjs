// The draft & publish × i18n matrix (posts: both; pages: D&P only; terms: i18n only; kitchens: neither),
// single types, and deletes last.
import { get, post, put, del } from './helpers.mjs';

const matrix = [];
const TYPES = [
  ['posts', 'title', true, true], ['pages', 'title', true, false], ['terms', 'word', false, true], ['kitchens', 'title', false, false],
];
for (const [type, field, dp, i18n] of TYPES) {
  const doc = `m${type}`;
  const slug = type === 'posts' || type === 'kitchens' ? { slug: `${type}-matrix` } : {};
  const read = (id, query = '') => get(`matrix.${type}.${id}`,
    `/api/${type}/@@${doc}?fields[0]=${field}&fields[1]=publishedAt${i18n ? '&fields[2]=locale' : ''}${query}`);
  matrix.push(
    post(`matrix.${type}.create.draft`, `/api/${type}?status=draft`, { data: { [field]: `${type} v1`, ...slug } },
      { capture: { [doc]: 'data.documentId' } }),
    read('read.default'), read('read.draft', '&status=draft'), read('read.published', '&status=published'),
    put(`matrix.${type}.update.default`, `/api/${type}/@@${doc}`, { data: { [field]: `${type} v2` } }),
    read('read.after.publish'), read('read.after.publish.draft', '&status=draft'),
    put(`matrix.${type}.update.draft`, `/api/${type}/@@${doc}?status=draft`, { data: { [field]: `${type} v3` } }),
    read('read.modified'), read('read.modified.draft', '&status=draft'),
    put(`matrix.${type}.update.published`, `/api/${type}/@@${doc}?status=published`, { data: { [field]: `${type} v4` } }),
    read('read.v4'), read('read.v4.draft', '&status=draft'),
    put(`matrix.${type}.update.status.bogus`, `/api/${type}/@@${doc}?status=bogus`, { data: { [field]: `${type} v5` } }),
    put(`matrix.${type}.update.required.null.draft`, `/api/${type}/@@${doc}?status=draft`, { data: { [field]: null } }),
    put(`matrix.${type}.update.required.null`, `/api/${type}/@@${doc}`, { data: { [field]: null } }),
    read('read.after.null'),
    put(`matrix.${type}.update.publishedAt`, `/api/${type}/@@${doc}`, { data: { publishedAt: null } }),
    get(`matrix.${type}.list.draft`, `/api/${type}?fields[0]=${field}&sort=${field}&status=draft&filters[${field}][$startsWith]=${type}`),
    get(`matrix.${type}.list.published`, `/api/${type}?fields[0]=${field}&sort=${field}&filters[${field}][$startsWith]=${type}`),
    post(`matrix.${type}.create.published`, `/api/${type}?status=published`,
      { data: { [field]: `${type} direct`, ...(slug.slug ? { slug: `${slug.slug}-direct` } : {}) } }),
    post(`matrix.${type}.create.draft.missing.required`, `/api/${type}?status=draft`,
      { data: { ...(slug.slug ? { slug: `${slug.slug}-norequired` } : {}) } }, { capture: { [`${doc}nr`]: 'data.documentId' } }),
    post(`matrix.${type}.create.missing.required`, `/api/${type}`, { data: {} }),
    ...(type === 'posts' ? [
      post('matrix.posts.create.component.missing.required', '/api/posts',
        { data: { title: 'seo missing title', slug: 'posts-seo-missing', seo: { metaDescription: 'd' } } }),
      post('matrix.posts.create.social.missing.required', '/api/posts',
        { data: { title: 'social missing', slug: 'posts-social-missing', seo: { metaTitle: 't', socials: [{ url: 'u' }] } } }),
      post('matrix.posts.create.draft.component.missing.required', '/api/posts?status=draft',
        { data: { title: 'draft seo missing', slug: 'posts-draft-seo-missing', seo: { metaDescription: 'd' } } }),
    ] : []),
  );
  if (i18n) {
    matrix.push(
      put(`matrix.${type}.locale.fr.create`, `/api/${type}/@@${doc}?locale=fr`, { data: { [field]: `${type} fr` } }),
      read('read.fr', '&locale=fr'), read('read.fr.draft', '&locale=fr&status=draft'),
      put(`matrix.${type}.locale.de.draft`, `/api/${type}/@@${doc}?locale=de&status=draft`, { data: { [field]: `${type} de` } }),
      read('read.de', '&locale=de'), read('read.de.draft', '&locale=de&status=draft'), read('read.star', '&locale=*'),
      put(`matrix.${type}.locale.unknown`, `/api/${type}/@@${doc}?locale=xx`, { data: { [field]: `${type} xx` } }),
      put(`matrix.${type}.locale.missing.doc`, `/api/${type}/doesnotexist?locale=fr`, { data: { [field]: 'x' } }),
      post(`matrix.${type}.create.fr`, `/api/${type}?locale=fr`,
        { data: { [field]: `${type} nouveau`, ...(slug.slug ? { slug: `${slug.slug}-fr` } : {}) } }),
      post(`matrix.${type}.create.body.locale`, `/api/${type}`,
        { data: { [field]: `${type} body locale`, locale: 'de', ...(slug.slug ? { slug: `${slug.slug}-body` } : {}) } }),
      post(`matrix.${type}.create.unknown.locale`, `/api/${type}?locale=xx`,
        { data: { [field]: `${type} xx`, ...(slug.slug ? { slug: `${slug.slug}-xx` } : {}) } }),
      put(`matrix.${type}.nonlocalized.sync`, `/api/${type}/@@${doc}?locale=fr`, { data: type === 'posts' ? { views: 42 } : { rank: 42 } }),
      get(`matrix.${type}.nonlocalized.read.en`,
        `/api/${type}/@@${doc}?fields[0]=${type === 'posts' ? 'views' : 'rank'}${dp ? '&status=draft' : ''}`),
      get(`matrix.${type}.nonlocalized.read.de`,
        `/api/${type}/@@${doc}?locale=de&fields[0]=${type === 'posts' ? 'views' : 'rank'}${dp ? '&status=draft' : ''}`),
      del(`matrix.${type}.delete.fr`, `/api/${type}/@@${doc}?locale=fr`), read('read.fr.after.delete', '&locale=fr'),
      read('read.en.after.fr.delete'),
      del(`matrix.${type}.delete.unknown.locale`, `/api/${type}/@@${doc}?locale=xx`),
    );
  }
  if (dp) matrix.push(del(`matrix.${type}.delete.draft`, `/api/${type}/@@${doc}?status=draft`),
    del(`matrix.${type}.delete.published`, `/api/${type}/@@${doc}?status=published`));
  matrix.push(
    del(`matrix.${type}.delete.default`, `/api/${type}/@@${doc}`), read('read.after.delete'),
    read('read.after.delete.draft', '&status=draft'),
    ...(i18n ? [read('read.after.delete.de', '&locale=de&status=draft'),
      del(`matrix.${type}.delete.star`, `/api/${type}/@@${doc}?locale=*`), read('read.after.delete.star.de', '&locale=de&status=draft')]
      : []),
    del(`matrix.${type}.delete.again`, `/api/${type}/@@${doc}`),
  );
}

const single = [
  get('single.homepage', '/api/homepage'), get('single.homepage.populate', '/api/homepage?populate=*'),
  get('single.homepage.fr', '/api/homepage?locale=fr'),
  get('single.homepage.fr.draft', '/api/homepage?locale=fr&status=draft'), get('single.homepage.de', '/api/homepage?locale=de'),
  get('single.homepage.draft', '/api/homepage?status=draft'),
  get('single.homepage.fields', '/api/homepage?fields=headline'),
  get('single.homepage.filters', '/api/homepage?filters[headline][$eq]=nope'),
  get('single.homepage.featured.sorted',
    '/api/homepage?fields[0]=headline&populate[featured][fields][0]=title&populate[featured][sort]=title'),
  get('single.homepage.pagination', '/api/homepage?pagination[page]=2'), get('single.homepage.public', '/api/homepage', { auth: 'none' }),
  get('single.homepage.unknown.field', '/api/homepage?fields=nope'),
  put('single.homepage.update', '/api/homepage', { data: { intro: 'Updated intro' } }),
  put('single.homepage.update.draft', '/api/homepage?status=draft', { data: { intro: 'Draft intro' } }),
  get('single.homepage.after.draft', '/api/homepage?fields=intro'),
  get('single.homepage.after.draft.draft', '/api/homepage?fields=intro&status=draft'),
  put('single.homepage.invalid', '/api/homepage', { data: { headline: null } }),
  put('single.homepage.unknown.key', '/api/homepage', { data: { nope: 1 } }),
  put('single.homepage.de.create', '/api/homepage?locale=de', { data: { headline: 'Willkommen' } }),
  get('single.homepage.de.after', '/api/homepage?locale=de'),
  put('single.homepage.populate.write', '/api/homepage?populate=hero', { data: { hero: { body: 'New hero' } } }),
  del('single.homepage.delete.de', '/api/homepage?locale=de'), get('single.homepage.de.deleted', '/api/homepage?locale=de'),
  get('single.setting', '/api/setting'), get('single.setting.draft', '/api/setting?status=draft'),
  get('single.setting.locale', '/api/setting?locale=fr'),
  put('single.setting.update', '/api/setting', { data: { maintenance: true } }),
  put('single.setting.invalid.email', '/api/setting', { data: { contact: 'nope' } }),
  put('single.setting.invalid.enum', '/api/setting', { data: { theme: 'blue' } }),
  put('single.setting.data.missing', '/api/setting', { siteName: 'x' }),
  del('single.setting.delete', '/api/setting'), get('single.setting.after.delete', '/api/setting'),
  del('single.setting.delete.again', '/api/setting'),
  put('single.setting.recreate.invalid', '/api/setting', { data: { maintenance: false } }),
  put('single.setting.recreate', '/api/setting', { data: { siteName: 'Again' } }, { capture: { setting2: 'data.documentId' } }),
  get('single.setting.after.recreate', '/api/setting'),
];

// relations under draft & publish: the draft and the published version keep their own links
const DRP = '/api/posts/@@drp?fields[0]=title&populate[author][fields][0]=name&populate[tags][fields][0]=name&populate[tags][sort]=name';
const dpRelations = [
  post('dprel.create.draft', '/api/posts?status=draft',
    { data: { title: 'Linked draft', slug: 'linked-draft', author: '@@a1', tags: ['@@t2', '@@t3'] } },
    { capture: { drp: 'data.documentId' } }),
  get('dprel.read.draft', `${DRP}&status=draft`), get('dprel.read.published', DRP),
  get('dprel.tag.posts.draft', '/api/tags/@@t3?fields[0]=name&status=draft&populate[posts][fields][0]=title&populate[posts][sort]=title'),
  get('dprel.tag.posts.published', '/api/tags/@@t3?fields[0]=name&populate[posts][fields][0]=title&populate[posts][sort]=title'),
  put('dprel.publish', '/api/posts/@@drp?status=published', { data: {} }), get('dprel.read.published.after', DRP),
  put('dprel.draft.retag', '/api/posts/@@drp?status=draft', { data: { tags: { set: ['@@t4'] }, author: null } }),
  get('dprel.read.draft.retagged', `${DRP}&status=draft`), get('dprel.read.published.kept', DRP),
  get('dprel.filter.published.by.draft.tag', '/api/posts?fields[0]=title&sort=title&filters[tags][name][$eq]=Delta'),
  get('dprel.filter.draft.by.draft.tag', '/api/posts?fields[0]=title&sort=title&status=draft&filters[tags][name][$eq]=Delta'),
  get('dprel.author.posts.published', '/api/authors/@@a1?fields[0]=name&populate[posts][fields][0]=title&populate[posts][sort]=title'),
  get('dprel.author.posts.draft',
    '/api/authors/@@a1?fields[0]=name&status=draft&populate[posts][fields][0]=title&populate[posts][sort]=title'),
  put('dprel.republish', '/api/posts/@@drp', { data: { title: 'Linked again' } }), get('dprel.read.published.republished', DRP),
  get('dprel.tag.posts.count', '/api/tags?fields[0]=name&sort=name&populate[posts][count]=true'),
  get('dprel.tag.posts.count.draft', '/api/tags?fields[0]=name&sort=name&status=draft&populate[posts][count]=true'),
  // a tag linked from posts in two locales (post1's fr version links Delta): which versions an inverse populate lists and counts
  ...[['', ''], ['.draft', '&status=draft'], ['.fr', '&locale=fr'], ['.star', '&locale=*']].flatMap(([id, query]) => [
    get(`dprel.tag.delta.posts${id}`,
      `/api/tags/@@t4?fields[0]=name&populate[posts][fields][0]=title&populate[posts][fields][1]=locale&populate[posts][sort]=title${query}`),
    get(`dprel.tag.delta.count${id}`, `/api/tags/@@t4?fields[0]=name&populate[posts][count]=true${query}`),
  ]),
  get('dprel.tag.delta.count.filtered',
    '/api/tags/@@t4?fields[0]=name&populate[posts][count]=true&populate[posts][filters][title][$startsWith]=R'),
  get('dprel.author.count', '/api/authors?fields[0]=name&sort=name&populate[posts][count]=true'),
  // filters through that inverse side
  get('dprel.filter.tags.by.fr.post', `/api/tags?fields[0]=name&sort=name&filters[posts][title][$eq]=${encodeURIComponent('Café filtre')}`),
  get('dprel.filter.tags.by.fr.post.locale',
    `/api/tags?fields[0]=name&sort=name&locale=fr&filters[posts][title][$eq]=${encodeURIComponent('Café filtre')}`),
  get('dprel.filter.tags.by.post.locale', '/api/tags?fields[0]=name&sort=name&filters[posts][locale][$eq]=fr'),
  get('dprel.filter.authors.by.post.locale', '/api/authors?fields[0]=name&sort=name&filters[posts][locale][$eq]=fr'),
  get('dprel.filter.tags.by.draft.post', '/api/tags?fields[0]=name&sort=name&status=draft&filters[posts][title][$eq]=Draft ideas'),
  get('dprel.sort.tags.by.posts', '/api/tags?fields[0]=name&sort[0]=posts.title:asc&sort[1]=name'),
  // components and relations of a locale version under draft & publish
  put('dpi18n.fr.create.draft', '/api/posts/@@drp?locale=fr&status=draft',
    { data: { title: 'Lié', seo: { metaTitle: 'FR seo' }, tags: ['@@t1'],
        sections: [{ __component: 'shared.quote', body: 'citation' }] } }),
  get('dpi18n.fr.read.draft', '/api/posts/@@drp?locale=fr&status=draft&fields[0]=title&populate[seo]=true&populate[tags][fields][0]=name&populate[sections][populate]=*'),
  get('dpi18n.fr.read.published', '/api/posts/@@drp?locale=fr&fields[0]=title'),
  get('dpi18n.en.read.after.fr', '/api/posts/@@drp?fields[0]=title&populate[seo]=true&populate[tags][fields][0]=name'),
  put('dpi18n.fr.publish', '/api/posts/@@drp?locale=fr', { data: { summary: 'publié' } }),
  get('dpi18n.fr.read.published.after',
    '/api/posts/@@drp?locale=fr&fields[0]=title&fields[1]=summary&populate[seo]=true&populate[tags][fields][0]=name&populate[sections][populate]=*'),
  get('dpi18n.localizations', '/api/posts/@@drp?fields[0]=title&populate[localizations][fields][0]=title&populate[localizations][fields][1]=locale'),
  get('dpi18n.localizations.draft',
    '/api/posts/@@drp?status=draft&fields[0]=title&populate[localizations][fields][0]=title&populate[localizations][fields][1]=publishedAt'),
  get('dpi18n.list.star', '/api/posts?locale=*&fields[0]=title&fields[1]=locale&sort[0]=title&filters[slug][$startsWith]=linked'),
  get('dpi18n.tag.alpha.posts', '/api/tags/@@t1?fields[0]=name&populate[posts][fields][0]=title&populate[posts][fields][1]=locale&populate[posts][sort]=title'),
];

const K = '/api/kitchens?fields[0]=title&sort=title';
const deletes = [
  del('delete.kitchen', '/api/kitchens/@@k4'), get('delete.kitchen.after', '/api/kitchens/@@k4'),
  del('delete.kitchen.again', '/api/kitchens/@@k4'),
  del('delete.unknown', '/api/kitchens/doesnotexist'), del('delete.with.query', '/api/kitchens/@@k3?populate=*&fields=title'),
  get('delete.list.after', K), del('delete.author.related', '/api/authors/@@a2'),
  get('delete.author.related.posts', '/api/posts?fields[0]=title&sort=title&populate[author][fields][0]=name'),
  get('delete.author.related.kitchens', `${K}&populate[owner][fields][0]=name`),
  del('delete.tag.related', '/api/tags/@@t1'),
  get('delete.tag.related.posts', '/api/posts?fields[0]=title&sort=title&populate[tags][fields][0]=name'),
  del('delete.post.default.locale', '/api/posts/@@post3'), get('delete.post.fr.left', '/api/posts/@@post3?locale=fr&fields[0]=title'),
  get('delete.post.en.gone', '/api/posts/@@post3?fields[0]=title'), del('delete.post.star', '/api/posts/@@post1?locale=*'),
  get('delete.post.star.fr', '/api/posts/@@post1?locale=fr&fields[0]=title'),
  get('delete.homepage.featured', '/api/homepage?fields[0]=headline&populate[featured][fields][0]=title'),
  del('delete.post.draft.only', '/api/posts/@@post4'), get('delete.post.draft.only.after', '/api/posts/@@post4?status=draft'),
  del('delete.page.with.children', '/api/pages/@@pg1'),
  get('delete.page.children.after', '/api/pages?status=draft&fields[0]=title&sort=title&populate[parent][fields][0]=title'),
  del('delete.profile.inverse', '/api/profiles/@@p1'),
  get('delete.profile.author.after', '/api/authors/@@a1?fields[0]=name&populate=profile'),
  del('delete.public.forbidden', '/api/tags/@@t2', { auth: 'none' }), del('delete.term.fr.only', '/api/terms/@@term3?locale=fr'),
  get('delete.terms.after', '/api/terms?locale=*&sort=word&fields[0]=word'), get('delete.final.tags', '/api/tags?sort=name&fields[0]=name'),
  get('delete.final.upload.related', '/api/upload/files?sort=name&fields[0]=name&populate[related][fields][0]=title'),
];

export default [...matrix, ...single, ...dpRelations, ...deletes];
