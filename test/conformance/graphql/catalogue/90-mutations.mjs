// create/update/delete on every type with valid input and each kind of mistake (missing required
// field, wrong type, unique clash, rule violations, unknown relation ids, bad component or zone
// items), status and locale on writes, relations set by ID, components and zones written, the reads
// after each write, single types, and the upload plugin's updateUploadFile/deleteUploadFile.
import { gql, PUBLIC } from './gql.mjs';

const m = (id, query, extra) => gql(`mu.${id}`, `mutation ${query}`, extra);
const cap = (name, path) => ({ capture: { [name]: path } });
const KITCHEN = 'documentId title name code count big ratio price active day clock at meta blocks color email slug secret '
  + 'seo { metaTitle socials { network } } items { label qty } zone { __typename ... on ComponentSharedItem { label } } owner { name } picks { name }';

const tags = [
  m('tag.create', '{ createTag(data: { name: "epsilon", weight: 5 }) { documentId name weight createdAt updatedAt publishedAt } }',
    cap('nt1', 'data.createTag.documentId')),
  m('tag.create.duplicate', '{ createTag(data: { name: "epsilon" }) { name } }'),
  m('tag.create.missing.name', '{ createTag(data: { weight: 1 }) { name } }'),
  m('tag.create.null.name', '{ createTag(data: { name: null }) { name } }'),
  m('tag.create.empty', '{ createTag(data: {}) { name } }'),
  m('tag.create.no.data', '{ createTag { name } }'),
  m('tag.create.wrong.type', '{ createTag(data: { name: "w", weight: "heavy" }) { name } }'),
  m('tag.create.unknown.field', '{ createTag(data: { name: "u", color: "red" }) { name } }'),
  m('tag.create.posts', '{ createTag(data: { name: "zeta", posts: ["@@post1", "@@post3"] }) { documentId name posts(sort: "title") { title } } }',
    cap('nt2', 'data.createTag.documentId')),
  m('tag.create.posts.unknown', '{ createTag(data: { name: "eta", posts: ["no-such-post"] }) { name } }'),
  m('tag.create.variables', '($d: TagInput!) { createTag(data: $d) { name weight } }', { variables: { d: { name: 'theta', weight: 7 } } }),
  m('tag.create.variables.bad', '($d: TagInput!) { createTag(data: $d) { name } }', { variables: { d: { name: 'iota', weight: 'x' } } }),
  m('tag.create.variables.missing', '($d: TagInput!) { createTag(data: $d) { name } }'),
  m('tag.create.draft', '{ createTag(status: DRAFT, data: { name: "kappa" }) { name publishedAt } }'),
  m('tag.create.public', '{ createTag(data: { name: "public-tag" }) { name } }', PUBLIC),
  gql('mu.tag.read.after', '{ tags(sort: "name") { name weight } }'),
  m('tag.update', '{ updateTag(documentId: "@@nt1", data: { weight: 50 }) { name weight updatedAt } }'),
  m('tag.update.rename.clash', '{ updateTag(documentId: "@@nt1", data: { name: "alpha" }) { name } }'),
  m('tag.update.empty', '{ updateTag(documentId: "@@nt1", data: {}) { name weight } }'),
  m('tag.update.null.required', '{ updateTag(documentId: "@@nt1", data: { name: null }) { name } }'),
  m('tag.update.missing', '{ updateTag(documentId: "nope", data: { weight: 1 }) { name } }'),
  m('tag.update.no.id', '{ updateTag(data: { weight: 1 }) { name } }'),
  m('tag.update.posts', '{ updateTag(documentId: "@@nt2", data: { posts: ["@@post2"] }) { posts { title } } }'),
  m('tag.update.posts.empty', '{ updateTag(documentId: "@@nt2", data: { posts: [] }) { posts { title } } }'),
  m('tag.update.public', '{ updateTag(documentId: "@@nt1", data: { weight: 1 }) { name } }', PUBLIC),
  m('tag.delete', '{ deleteTag(documentId: "@@nt2") { documentId } }'),
  m('tag.delete.again', '{ deleteTag(documentId: "@@nt2") { documentId } }'),
  m('tag.delete.public', '{ deleteTag(documentId: "@@nt1") { documentId } }', PUBLIC),
  gql('mu.tag.read.deleted', '{ tag(documentId: "@@nt2") { name } }'),
  m('tag.two.in.one', '{ a: createTag(data: { name: "lambda" }) { name } b: createTag(data: { name: "lambda" }) { name } }'),
];

const authors = [
  m('author.create', '{ createAuthor(data: { name: "Dora", age: 22, bio: "new", note: "private-note", mentor: "@@a1", avatar: "@@img1" }) '
    + '{ documentId name age bio mentor { name } avatar { name } } }', cap('na1', 'data.createAuthor.documentId')),
  m('author.create.private.selected', '{ createAuthor(data: { name: "Ed" }) { note } }'),
  m('author.create.profile', '{ createAuthor(data: { name: "Flo", profile: "@@p2" }) { name profile { handle } } }'),
  m('author.create.bad.mentor', '{ createAuthor(data: { name: "Gil", mentor: "no-such-author" }) { name } }'),
  m('author.create.bad.avatar', '{ createAuthor(data: { name: "Hu", avatar: "999999" }) { name avatar { name } } }'),
  m('author.create.age.float', '{ createAuthor(data: { name: "Ian", age: 2.5 }) { name } }'),
  m('author.update.mentor.null', '{ updateAuthor(documentId: "@@na1", data: { mentor: null }) { name mentor { name } } }'),
  m('author.update.note', '{ updateAuthor(documentId: "@@na1", data: { note: "changed" }) { name } }'),
  gql('mu.author.read.after', '{ authors(sort: "name") { name age mentor { name } profile { handle } } }'),
  m('author.delete', '{ deleteAuthor(documentId: "@@na1") { documentId } }'),
];

const posts = [
  m('post.create', '{ createPost(data: { title: "New post", slug: "new-post", views: 1, rating: 2.5, day: "2024-05-05", author: "@@a2", '
    + 'tags: ["@@t1"], cover: "@@img1", seo: { metaTitle: "New", socials: [{ network: x, url: "https://x.example/new" }] }, '
    + 'sections: [{ __typename: "ComponentSharedQuote", body: "q" }] }) { documentId title slug publishedAt locale author { name } tags { name } '
    + 'seo { metaTitle socials { network url } } sections { __typename } cover { name } } }', cap('np1', 'data.createPost.documentId')),
  m('post.create.zone.component', '{ createPost(data: { title: "Zoned as REST", sections: [{ __component: "shared.quote", body: "q" }] }) '
    + '{ title } }'),
  m('post.create.zone.typename', '{ createPost(data: { title: "Zoned", sections: [{ __typename: "ComponentSharedQuote", body: "q" }, '
    + '{ __typename: "ComponentSharedItem", label: "L", qty: 2 }] }) { title sections { __typename ... on ComponentSharedQuote { body } '
    + '... on ComponentSharedItem { label qty } } documentId } }', cap('np2', 'data.createPost.documentId')),
  m('post.create.zone.variables', '($d: PostInput!) { createPost(data: $d) { title sections { __typename } } }',
    { variables: { d: { title: 'Zone vars', sections: [{ __typename: 'ComponentSharedItem', label: 'V' }] } } }),
  m('post.create.zone.unknown', '{ createPost(data: { title: "Bad zone", sections: [{ __typename: "ComponentSharedNope" }] }) { title } }'),
  m('post.create.zone.missing.required', '{ createPost(data: { title: "Bad zone 2", sections: [{ __typename: "ComponentSharedQuote" }] }) { title } }'),
  m('post.create.zone.not.object', '{ createPost(data: { title: "Bad zone 3", sections: ["x"] }) { title } }'),
  m('post.create.draft', '{ createPost(status: DRAFT, data: { title: "Draft via gql" }) { documentId title publishedAt } }', cap('np3', 'data.createPost.documentId')),
  m('post.create.fr', '{ createPost(locale: "fr", data: { title: "Nouveau" }) { title locale } }'),
  m('post.create.bad.locale', '{ createPost(locale: "xx", data: { title: "Unknown locale" }) { title locale } }'),
  m('post.create.missing.title', '{ createPost(data: { slug: "no-title" }) { title } }'),
  m('post.create.bad.day', '{ createPost(data: { title: "Bad day", day: "2024-13-45" }) { title } }'),
  m('post.create.bad.slug', '{ createPost(data: { title: "Bad slug", slug: "has spaces" }) { title } }'),
  m('post.create.dup.slug', '{ createPost(data: { title: "Dup slug", slug: "coffee-brewing" }) { title slug } }'),
  m('post.create.seo.missing.required', '{ createPost(data: { title: "Seo", seo: { metaDescription: "no title" } }) { title } }'),
  m('post.create.seo.bad.enum', '{ createPost(data: { title: "Seo2", seo: { metaTitle: "m", socials: [{ network: "x" }] } }) { title } }'),
  m('post.create.unknown.tag', '{ createPost(data: { title: "Ghost tags", tags: ["no-such-tag"] }) { title tags { name } } }'),
  m('post.create.public', '{ createPost(data: { title: "Public post" }) { title } }', PUBLIC),
  m('post.update', '{ updatePost(documentId: "@@np1", data: { title: "New post (edited)", tags: ["@@t2", "@@t3"] }) '
    + '{ title tags(sort: "name") { name } } }'),
  m('post.update.draft', '{ updatePost(documentId: "@@np1", status: DRAFT, data: { summary: "draft only" }) { title summary publishedAt } }'),
  gql('mu.post.read.published', '{ post(documentId: "@@np1") { title summary } }'),
  gql('mu.post.read.draft', '{ post(documentId: "@@np1", status: DRAFT) { title summary } }'),
  m('post.update.fr', '{ updatePost(documentId: "@@np1", locale: "fr", data: { title: "Nouveau (fr)" }) { title locale } }'),
  gql('mu.post.read.localizations', '{ post(documentId: "@@np1") { localizations { title locale } } }'),
  m('post.update.seo.replace', '{ updatePost(documentId: "@@np1", data: { seo: { metaTitle: "Replaced" } }) { seo { metaTitle socials { network } } } }'),
  m('post.update.seo.null', '{ updatePost(documentId: "@@np1", data: { seo: null }) { seo { metaTitle } } }'),
  m('post.update.sections', '{ updatePost(documentId: "@@np2", data: { sections: [] }) { sections { __typename } } }'),
  m('post.update.publishedAt', '{ updatePost(documentId: "@@np3", data: { publishedAt: "2024-01-01T00:00:00.000Z" }) { title publishedAt } }'),
  m('post.update.missing', '{ updatePost(documentId: "nope", data: { title: "x" }) { title } }'),
  m('post.delete.fr', '{ deletePost(documentId: "@@np1", locale: "fr") { documentId } }'),
  gql('mu.post.read.after.delete.fr', '{ post(documentId: "@@np1") { title localizations { locale } } }'),
  m('post.delete', '{ deletePost(documentId: "@@np1") { documentId } }'),
  m('post.delete.draft', '{ deletePost(documentId: "@@np3") { documentId } }'),
  gql('mu.post.read.all.after', '{ posts(sort: "title") { title } posts_connection { pageInfo { total } } }'),
];

const kitchens = [
  m('kitchen.create', `{ createKitchen(data: { title: "Made", name: "made", code: "MK-1", slug: "made", count: 3, big: "123456789012", ratio: 0.25, `
    + 'price: 3.5, active: true, day: "2025-01-02", clock: "10:11:12", at: "2025-01-02T03:04:05Z", meta: { k: [1, "v"] }, '
    + 'blocks: [{ type: "paragraph", children: [{ type: "text", text: "Hi" }] }], color: green, email: "m@example.com", secret: "pw-12345", '
    + 'seo: { metaTitle: "M", socials: [{ network: github }] }, items: [{ label: "i1", qty: 1 }], '
    + `zone: [{ __typename: "ComponentSharedItem", label: "zz" }], owner: "@@a3", picks: ["@@t3"] }) { ${KITCHEN} } }`, cap('nk1', 'data.createKitchen.documentId')),
  m('kitchen.create.big.number', '{ createKitchen(data: { title: "Bignum", big: 42 }) { title big } }'),
  m('kitchen.create.bad.email', '{ createKitchen(data: { title: "Mail", email: "nope" }) { title } }'),
  m('kitchen.create.dup.code', '{ createKitchen(data: { title: "Dup", code: "AB-1" }) { title } }'),
  m('kitchen.create.bad.color', '{ createKitchen(data: { title: "Col", color: purple }) { title } }'),
  m('kitchen.create.color.string', '{ createKitchen(data: { title: "Col2", color: "red" }) { title } }'),
  m('kitchen.create.short.too.long', '{ createKitchen(data: { title: "Short", short: "abcdefghijklmnopqrstuvwxyz" }) { title } }'),
  m('kitchen.create.bad.time', '{ createKitchen(data: { title: "Clock", clock: "99:00" }) { title } }'),
  m('kitchen.create.bad.datetime', '{ createKitchen(data: { title: "At", at: "later" }) { title } }'),
  m('kitchen.create.private.field', '{ createKitchen(data: { title: "Priv", internal: "x" }) { title } }'),
  m('kitchen.create.items.bad', '{ createKitchen(data: { title: "Items", items: [{ qty: 1 }] }) { title } }'),
  m('kitchen.update', '{ updateKitchen(documentId: "@@nk1", data: { count: 4, items: [{ label: "i2" }, { label: "i3", qty: 3 }], picks: [] }) '
    + `{ ${KITCHEN} } }`),
  m('kitchen.update.meta.null', '{ updateKitchen(documentId: "@@nk1", data: { meta: null, blocks: null }) { meta blocks } }'),
  m('kitchen.update.bad.int', '{ updateKitchen(documentId: "@@nk1", data: { count: "many" }) { count } }'),
  m('kitchen.update.count.overflow', '{ updateKitchen(documentId: "@@nk1", data: { count: 3000000000 }) { count } }'),
  gql('mu.kitchen.read.after', `{ kitchen(documentId: "@@nk1") { ${KITCHEN} } }`),
  m('kitchen.delete', '{ deleteKitchen(documentId: "@@nk1") { documentId } }'),
];

const others = [
  m('profile.create', '{ createProfile(data: { handle: "cat", author: "@@a3" }) { documentId handle author { name } } }', cap('npr', 'data.createProfile.documentId')),
  m('profile.delete', '{ deleteProfile(documentId: "@@npr") { documentId } }'),
  m('page.create', '{ createPage(data: { title: "Contact", order: 4, parent: "@@pg2", links: ["@@post2"] }) { documentId title parent { title } links { title } } }',
    cap('npg', 'data.createPage.documentId')),
  m('page.create.draft', '{ createPage(status: DRAFT, data: { title: "Hidden" }) { title publishedAt } }'),
  m('page.update.parent.self', '{ updatePage(documentId: "@@npg", data: { parent: "@@npg" }) { title parent { title } } }'),
  m('page.delete', '{ deletePage(documentId: "@@npg") { documentId } }'),
  m('term.create', '{ createTerm(data: { word: "date", rank: 4 }) { documentId word locale } }', cap('ntm', 'data.createTerm.documentId')),
  m('term.create.de', '{ createTerm(locale: "de", data: { word: "Dattel" }) { word locale } }'),
  m('term.update.fr', '{ updateTerm(documentId: "@@ntm", locale: "fr", data: { word: "datte" }) { word locale localizations { word locale } } }'),
  m('term.delete', '{ deleteTerm(documentId: "@@ntm") { documentId } }'),
  gql('mu.term.read.fr.after', '{ terms(locale: "fr", sort: "word") { word } }'),
  m('homepage.update', '{ updateHomepage(data: { headline: "Welcome back", hero: { body: "Hey" }, featured: ["@@post2"] }) '
    + '{ headline hero { body by } featured { title } } }'),
  m('homepage.update.fr', '{ updateHomepage(locale: "fr", data: { headline: "Rebonjour" }) { headline locale } }'),
  m('homepage.update.missing.required', '{ updateHomepage(locale: "de", data: { intro: "no headline" }) { headline } }'),
  m('homepage.update.draft', '{ updateHomepage(status: DRAFT, data: { headline: "Draft head" }) { headline publishedAt } }'),
  gql('mu.homepage.read.after', '{ homepage { headline } draft: homepage(status: DRAFT) { headline } }'),
  m('homepage.delete.fr', '{ deleteHomepage(locale: "fr") { documentId } }'),
  m('setting.update', '{ updateSetting(data: { siteName: "New site", theme: light, maintenance: true }) { siteName theme maintenance } }'),
  m('setting.update.bad.email', '{ updateSetting(data: { contact: "not-mail" }) { siteName } }'),
  m('setting.update.public', '{ updateSetting(data: { siteName: "x" }) { siteName } }', PUBLIC),
  m('setting.delete', '{ deleteSetting { documentId } }'),
  gql('mu.setting.read.deleted', '{ setting { siteName } }'),
  m('setting.recreate', '{ updateSetting(data: { siteName: "Again" }) { siteName theme } }'),
  m('upload.update', '{ updateUploadFile(id: "@@file1", info: { name: "renamed.txt", alternativeText: "alt", caption: "cap" }) '
    + '{ name alternativeText caption mime } }'),
  m('upload.update.missing', '{ updateUploadFile(id: "999999", info: { name: "x" }) { name } }'),
  m('upload.update.public', '{ updateUploadFile(id: "@@file1", info: { name: "x" }) { name } }', PUBLIC),
  gql('mu.upload.read.after', '{ uploadFiles(sort: "name") { name caption } }'),
  m('upload.delete.public', '{ deleteUploadFile(id: "@@file1") { name } }', PUBLIC),
  m('upload.delete', '{ deleteUploadFile(id: "@@file1") { name } }'),
  m('upload.delete.again', '{ deleteUploadFile(id: "@@file1") { name } }'),
  gql('mu.kitchen.after.upload.delete', '{ kitchen(documentId: "@@k1") { cover { name } gallery { name } } }'),
];

export default [...tags, ...authors, ...posts, ...kitchens, ...others];
