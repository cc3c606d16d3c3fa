// The seed: REST requests only, identical on both servers. Captured documentIds and file ids become
// the names (`@@post1`, `@@img1`) that later cases and the normaliser use.
import { post, put } from './helpers.mjs';

const upload = (id, name, type, asset, text) => ({
  id, method: 'POST', path: '/api/upload',
  multipart: { files: [{ name, type, ...(asset ? { asset } : { text }) }] },
  capture: { [id.split('.')[1]]: '0.id', [`${id.split('.')[1]}Doc`]: '0.documentId' },
});

const tag = (name, fields) => post(`seed.${name}`, '/api/tags', { data: fields }, { capture: { [name]: 'data.documentId' } });

export default [
  upload('seed.img1', 'tiny.png', 'image/png', 'tiny.png'),
  upload('seed.file1', 'notes.txt', 'text/plain', undefined, 'plain notes\n'),
  tag('t1', { name: 'alpha', weight: 1 }),
  tag('t2', { name: 'beta', weight: 2 }),
  tag('t3', { name: 'gamma' }),
  tag('t4', { name: 'Delta', weight: 10 }),
  post('seed.p1', '/api/profiles', { data: { handle: 'ann' } }, { capture: { p1: 'data.documentId' } }),
  post('seed.p2', '/api/profiles', { data: { handle: 'bob' } }, { capture: { p2: 'data.documentId' } }),
  post('seed.a1', '/api/authors', { data: { name: 'Ann', bio: 'writes about coffee', note: 'secret-note', age: 30, avatar: '@@img1', profile: '@@p1' } }, { capture: { a1: 'data.documentId' } }),
  post('seed.a2', '/api/authors', { data: { name: 'Bob', age: 45, mentor: '@@a1' } }, { capture: { a2: 'data.documentId' } }),
  post('seed.a3', '/api/authors', { data: { name: 'Cleo' } }, { capture: { a3: 'data.documentId' } }),
  post('seed.post1', '/api/posts', {
    data: {
      title: 'Coffee brewing', slug: 'coffee-brewing', summary: 'How to brew coffee at home', views: 10, rating: 4.5, day: '2024-01-15',
      cover: '@@img1', author: '@@a1', tags: ['@@t1', '@@t2'],
      seo: { metaTitle: 'Coffee', metaDescription: 'All about coffee', socials: [{ network: 'x', url: 'https://x.example/ann' }, { network: 'github' }] },
      sections: [{ __component: 'shared.quote', body: 'Strong and black', by: 'Ann' }, { __component: 'shared.item', label: 'Beans', qty: 2, price: 9.99 }],
    },
  }, { capture: { post1: 'data.documentId' } }),
  post('seed.post2', '/api/posts', { data: { title: 'Tea time', slug: 'tea-time', summary: 'Green or black', views: 0, rating: 3, day: '2024-02-01', author: '@@a2', tags: ['@@t2'] } }, { capture: { post2: 'data.documentId' } }),
  post('seed.post3', '/api/posts', { data: { title: 'Pizza night', slug: 'pizza-night', views: 100, rating: 3.25, day: '2023-06-01', author: '@@a1', tags: ['@@t1', '@@t3'], seo: { metaTitle: 'Pizza' } } }, { capture: { post3: 'data.documentId' } }),
  post('seed.post4', '/api/posts?status=draft', { data: { title: 'Draft ideas', slug: 'draft-ideas', views: 5, author: '@@a3' } }, { capture: { post4: 'data.documentId' } }),
  post('seed.post5', '/api/posts', { data: { title: 'Modified post', slug: 'modified-post', views: 7, author: '@@a2' } }, { capture: { post5: 'data.documentId' } }),
  put('seed.post5.draft', '/api/posts/@@post5?status=draft', { data: { title: 'Modified post (draft)' } }),
  put('seed.post1.fr', '/api/posts/@@post1?locale=fr', { data: { title: 'Café filtre', slug: 'cafe-filtre', summary: 'Le café à la maison' } }),
  put('seed.post3.fr', '/api/posts/@@post3?locale=fr', { data: { title: 'Soirée pizza', slug: 'soiree-pizza' } }),
  put('seed.post2.de', '/api/posts/@@post2?locale=de&status=draft', { data: { title: 'Teezeit', slug: 'teezeit' } }),
  post('seed.pg1', '/api/pages', { data: { title: 'Home', body: '# Welcome', order: 1 } }, { capture: { pg1: 'data.documentId' } }),
  post('seed.pg2', '/api/pages', { data: { title: 'About', body: 'About us', order: 2, parent: '@@pg1', links: ['@@post1'] } }, { capture: { pg2: 'data.documentId' } }),
  post('seed.pg3', '/api/pages?status=draft', { data: { title: 'Secret', order: 3, parent: '@@pg1' } }, { capture: { pg3: 'data.documentId' } }),
  post('seed.term1', '/api/terms', { data: { word: 'apple', definition: 'A fruit', rank: 1 } }, { capture: { term1: 'data.documentId' } }),
  put('seed.term1.fr', '/api/terms/@@term1?locale=fr', { data: { word: 'pomme', definition: 'Un fruit' } }),
  post('seed.term2', '/api/terms', { data: { word: 'banana', rank: 2 } }, { capture: { term2: 'data.documentId' } }),
  post('seed.term3', '/api/terms?locale=fr', { data: { word: 'cerise', rank: 3 } }, { capture: { term3: 'data.documentId' } }),
  post('seed.k1', '/api/kitchens', {
    data: {
      title: 'Full', name: 'Full kitchen', code: 'AB-1', short: 'abc', text: 'Some text about coffee', rich: '# Heading\n\nbody',
      blocks: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hello' }] }],
      email: 'a@example.com', secret: 'hunter22', slug: 'full', color: 'red', count: 10, big: '9007199254740991', ratio: 1.5, price: 19.99,
      active: true, day: '2024-02-29', clock: '13:45:30.000', at: '2024-03-01T10:00:00.000Z', meta: { a: 1, b: [1, 2] },
      cover: '@@file1', gallery: ['@@img1', '@@file1'], internal: 'hidden',
      seo: { metaTitle: 'Kitchen', image: '@@img1', socials: [{ network: 'mastodon', url: 'https://m.example/@k' }] },
      items: [{ label: 'x', qty: 1 }, { label: 'y', qty: 3, price: 2.5 }],
      zone: [{ __component: 'shared.item', label: 'z', qty: 9 }, { __component: 'shared.quote', body: 'Quoted' }],
      owner: '@@a2', picks: ['@@t1', '@@t4'],
    },
  }, { capture: { k1: 'data.documentId' } }),
  post('seed.k2', '/api/kitchens', { data: { title: 'Sparse', name: 'beta', code: 'CD-22', slug: 'sparse', email: 'b@example.org', color: 'blue', count: 0, ratio: -2.25, day: '2023-12-31', at: '2023-12-31T23:59:59.000Z', active: false, clock: '00:00:00', big: '-5', price: 0 } }, { capture: { k2: 'data.documentId' } }),
  post('seed.k3', '/api/kitchens', { data: { title: 'Third', name: 'Gamma ray', slug: 'third', short: 'zz', text: 'Coffee and tea', color: 'green', count: 500, big: '12', ratio: 0, price: 0.5, active: true, clock: '08:00:00', meta: [1, 'two'], items: [{ label: 'only' }], owner: '@@a1', picks: ['@@t2'] } }, { capture: { k3: 'data.documentId' } }),
  post('seed.k4', '/api/kitchens', { data: { title: 'Fourth', name: 'ALPHA', slug: 'fourth', text: 'coffee%_literal', meta: 'just a string' } }, { capture: { k4: 'data.documentId' } }),
  put('seed.homepage', '/api/homepage', { data: { headline: 'Welcome', intro: 'Hello there', hero: { body: 'Hi', by: 'Team' }, featured: ['@@post1', '@@post3'] } }, { capture: { home: 'data.documentId' } }),
  put('seed.homepage.fr', '/api/homepage?locale=fr&status=draft', { data: { headline: 'Bienvenue' } }),
  put('seed.setting', '/api/setting', { data: { siteName: 'Site', maintenance: false, contact: 'admin@example.com', theme: 'dark' } }, { capture: { setting: 'data.documentId' } }),
];
