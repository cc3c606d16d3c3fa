// The fixture's tools the main cases do not call (authors' and profiles' writes, pages' update/delete/discard),
// run last: relations both ways, a one-to-one taken twice, discarding a page's draft, so every listed tool is called.
import { call } from './helpers.mjs';

const DOC = 'result.structuredContent.data.documentId';

export const SWEEP = [
  call('sweep.create.author', 'create_author', { data: { name: 'Agent author', age: 20, mentor: '@@a1', posts: { connect: ['@@post2'] } } },
    { capture: { a9: DOC } }),
  call('sweep.create.author.read', 'get_author', { documentId: '@@a9' }),
  call('sweep.create.author.bad-age', 'create_author', { data: { name: 'Old', age: 'forty' } }),
  call('sweep.create.author.profile-taken', 'create_author', { data: { name: 'Twin', profile: '@@p1' } }, { capture: { a10: DOC } }),
  call('sweep.get.profile.p1.after-take', 'get_profile', { documentId: '@@p1' }),
  call('sweep.update.author', 'update_author', { documentId: '@@a9', data: { bio: 'Edited', posts: { disconnect: ['@@post2'] } } }),
  call('sweep.update.author.read', 'get_author', { documentId: '@@a9' }),
  call('sweep.update.author.unknown', 'update_author', { documentId: 'nosuchdocument0000000000', data: { bio: 'x' } }),
  call('sweep.update.author.read-only', 'update_author', { documentId: '@@a9', data: { bio: 'x' } }, { credential: 'read' }),
  call('sweep.delete.author', 'delete_author', { documentId: '@@a10' }),
  call('sweep.delete.author.read', 'get_author', { documentId: '@@a10' }),
  call('sweep.list.author.after', 'list_author', { sort: 'name:asc' }),
  call('sweep.create.profile', 'create_profile', { data: { handle: 'agent', author: '@@a9' } }, { capture: { p9: DOC } }),
  call('sweep.create.profile.missing', 'create_profile', { data: {} }),
  call('sweep.update.profile', 'update_profile', { documentId: '@@p9', data: { handle: 'agent2', author: null } }),
  call('sweep.update.profile.read', 'get_profile', { documentId: '@@p9' }),
  call('sweep.delete.profile', 'delete_profile', { documentId: '@@p9' }),
  call('sweep.delete.profile.unknown', 'delete_profile', { documentId: 'nosuchdocument0000000000' }),
  call('sweep.update.page', 'update_page', { documentId: '@@pg2', data: { body: 'Edited about', links: { connect: ['@@post3'] } } }),
  call('sweep.update.page.read', 'get_page', { documentId: '@@pg2' }),
  call('sweep.update.page.read.published', 'get_page', { documentId: '@@pg2', status: 'published' }),
  call('sweep.discard.page', 'discard_page_draft', { documentId: '@@pg2' }),
  call('sweep.discard.page.read', 'get_page', { documentId: '@@pg2' }),
  call('sweep.discard.page.draft-only', 'discard_page_draft', { documentId: '@@pg3' }),
  call('sweep.update.page.parent-self', 'update_page', { documentId: '@@pg3', data: { parent: '@@pg3' } }),
  call('sweep.delete.page', 'delete_page', { documentId: '@@pg3' }),
  call('sweep.delete.page.read', 'get_page', { documentId: '@@pg3' }),
  call('sweep.list.page.after', 'list_page', { sort: 'order:asc' }),
  call('sweep.list.page.after.published', 'list_page', { sort: 'order:asc', status: 'published' }),
];
