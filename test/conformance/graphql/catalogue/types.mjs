// The fixture's types as the plugin names them, with the fields each case selects (every scalar
// field, timestamps included) and a seeded document to read one at a time.

export const TYPES = [
  { list: 'tags', one: 'tag', type: 'Tag', fields: 'documentId name weight createdAt updatedAt publishedAt', sort: 'name', doc: 't1' },
  { list: 'authors', one: 'author', type: 'Author', fields: 'documentId name bio age createdAt updatedAt publishedAt', sort: 'name', doc: 'a1' },
  { list: 'profiles', one: 'profile', type: 'Profile', fields: 'documentId handle createdAt updatedAt publishedAt', sort: 'handle', doc: 'p1' },
  { list: 'pages', one: 'page', type: 'Page', fields: 'documentId title body order createdAt updatedAt publishedAt', sort: 'order', doc: 'pg1' },
  { list: 'posts', one: 'post', type: 'Post', fields: 'documentId title slug summary views rating day locale createdAt updatedAt publishedAt',
    sort: 'title', doc: 'post1', localized: true },
  { list: 'terms', one: 'term', type: 'Term', fields: 'documentId word definition rank locale createdAt updatedAt publishedAt', sort: 'word',
    doc: 'term1', localized: true },
  { list: 'kitchens', one: 'kitchen', type: 'Kitchen', sort: 'title', doc: 'k1',
    fields: 'documentId title name code short text rich blocks email secret slug color count big ratio price active day clock at meta '
      + 'createdAt updatedAt publishedAt' },
];

export const SINGLES = [
  { one: 'homepage', type: 'Homepage', fields: 'documentId headline intro locale createdAt updatedAt publishedAt', localized: true },
  { one: 'setting', type: 'Setting', fields: 'documentId siteName maintenance contact theme createdAt updatedAt publishedAt' },
];

export const byList = Object.fromEntries(TYPES.map((t) => [t.list, t]));
