// The upload plugin's routes and users-permissions (register, sign-in, me, users, roles).
// Auth routes are rate limited (10 a minute per path): each path is asked fewer than 10 times.
import { get, post, put, del } from './helpers.mjs';

const file = (name, type, text) => ({ name, type, text });
const up = (id, multipart, extra = {}) => ({ id, method: 'POST', path: '/api/upload', multipart, ...extra });
const upload = [
  get('upload.files', '/api/upload/files?sort=name'), get('upload.files.public', '/api/upload/files?sort=name&fields[0]=name', { auth: 'none' }),
  get('upload.files.default.order', '/api/upload/files?fields[0]=name'),
  get('upload.files.filter', '/api/upload/files?filters[mime][$contains]=image&fields[0]=name'), get('upload.files.filter.bad', '/api/upload/files?filters[nope]=1'),
  get('upload.files.sort.desc', '/api/upload/files?sort=name:desc&fields[0]=name'), get('upload.files.fields', '/api/upload/files?sort=name&fields=name,mime,size'),
  get('upload.files.pagination', '/api/upload/files?sort=name&fields[0]=name&pagination[pageSize]=1'), get('upload.files.root.limit', '/api/upload/files?sort=name&fields[0]=name&limit=1'),
  get('upload.files.root.page', '/api/upload/files?sort=name&fields[0]=name&page=2&pageSize=1'), get('upload.files.start', '/api/upload/files?sort=name&fields[0]=name&start=1'),
  get('upload.files.limit.abc', '/api/upload/files?sort=name&fields[0]=name&limit=abc'), get('upload.files.start.abc', '/api/upload/files?sort=name&fields[0]=name&start=abc'),
  get('upload.files.limit.minus1', '/api/upload/files?sort=name&fields[0]=name&limit=-1'), get('upload.files.limit.zero', '/api/upload/files?sort=name&fields[0]=name&limit=0'),
  get('upload.files.pageSize.only', '/api/upload/files?sort=name&fields[0]=name&pageSize=1'), get('upload.files.pagination.limit', '/api/upload/files?sort=name&fields[0]=name&pagination[limit]=1'),
  get('upload.files.one', '/api/upload/files/@@img1'), get('upload.files.one.public', '/api/upload/files/@@file1', { auth: 'none' }),
  get('upload.files.one.missing', '/api/upload/files/999999'), get('upload.files.one.text', '/api/upload/files/abc'),
  get('upload.files.one.populate', '/api/upload/files/@@img1?populate=related'), get('upload.files.page', '/api/upload/files/page'),
  up('upload.post.text', { files: [file('readme.md', 'text/markdown', '# Readme\n')] }, { capture: { f3: '0.id' } }),
  up('upload.post.fileInfo', { files: [file('info.txt', 'text/plain', 'info')], fields: { fileInfo: { name: 'renamed.txt', alternativeText: 'alt', caption: 'cap' } } }, { capture: { f4: '0.id' } }),
  up('upload.post.two', { files: [file('one.txt', 'text/plain', '1'), file('two.txt', 'text/plain', '22')] }),
  up('upload.post.image', { files: [{ name: 'photo.jpg', type: 'image/jpeg', asset: 'photo.jpg' }] }, { capture: { photo: '0.id' } }),
  up('upload.post.png', { files: [{ name: 'Tiny Image.PNG', type: 'image/png', asset: 'tiny.png' }] }),
  // Strapi's image pipeline: re-encoding (sizeOptimization), EXIF orientation, and the formats derived after it
  up('upload.post.large.jpg', { files: [{ name: 'large.jpg', type: 'image/jpeg', asset: 'large.jpg' }] }, { capture: { large: '0.id' } }),
  up('upload.post.rotated.jpg', { files: [{ name: 'rotated.jpg', type: 'image/jpeg', asset: 'rotated.jpg' }] }),
  up('upload.post.wide.png', { files: [{ name: 'wide.png', type: 'image/png', asset: 'wide.png' }] }),
  up('upload.post.square.webp', { files: [{ name: 'square.webp', type: 'image/webp', asset: 'square.webp' }] }),
  get('upload.files.large.one', '/api/upload/files/@@large'),
  up('upload.post.empty', { fields: { fileInfo: { name: 'x' } } }), up('upload.post.nofields', {}),
  up('upload.post.fileInfo.bad', { files: [file('bad.txt', 'text/plain', 'b')], fields: { fileInfo: 'not json' } }),
  up('upload.post.wrong.field', { files: [{ field: 'file', ...file('wrong.txt', 'text/plain', 'w') }] }),
  up('upload.post.public', { files: [file('pub.txt', 'text/plain', 'p')] }, { auth: 'none' }),
  { id: 'upload.post.json', method: 'POST', path: '/api/upload', body: { files: [] } },
  { id: 'upload.update.info', method: 'POST', path: '/api/upload?id=@@f3', multipart: { fields: { fileInfo: { alternativeText: 'updated alt', caption: 'new caption' } } } },
  { id: 'upload.update.missing', method: 'POST', path: '/api/upload?id=999999', multipart: { fields: { fileInfo: { alternativeText: 'x' } } } },
  { id: 'upload.replace', method: 'POST', path: '/api/upload?id=@@f4', multipart: { files: [file('replaced.txt', 'text/plain', 'replaced content')] } },
  get('upload.files.after', '/api/upload/files?sort=name&fields[0]=name&fields[1]=alternativeText&fields[2]=caption&fields[3]=size'),
  get('upload.files.image.one', '/api/upload/files/@@photo'),
  del('upload.delete', '/api/upload/files/@@f3'), del('upload.delete.again', '/api/upload/files/@@f3'), del('upload.delete.missing', '/api/upload/files/999999'),
  del('upload.delete.public', '/api/upload/files/@@f4', { auth: 'none' }),
  get('upload.files.final', '/api/upload/files?sort=name&fields[0]=name'),
  put('upload.put', '/api/upload/files/@@f4', { data: {} }),
];

const JWT = { auth: 'jwt:ada' };
const users = [
  post('users.register', '/api/auth/local/register', { username: 'ada', email: 'ada@example.com', password: 'correct-horse' }, { auth: 'none', capture: { 'jwt:ada': 'jwt', ada: 'user.id' } }),
  post('users.register.taken', '/api/auth/local/register', { username: 'ada', email: 'ada@example.com', password: 'correct-horse' }, { auth: 'none' }),
  post('users.register.extra', '/api/auth/local/register', { username: 'bea', email: 'bea@example.com', password: 'correct-horse', role: 1, foo: 'x' }, { auth: 'none' }),
  post('users.register.missing.email', '/api/auth/local/register', { username: 'cid', password: 'correct-horse' }, { auth: 'none' }),
  post('users.register.bad.email', '/api/auth/local/register', { username: 'cid', email: 'not-an-email', password: 'correct-horse' }, { auth: 'none' }),
  post('users.register.short.password', '/api/auth/local/register', { username: 'cid', email: 'cid@example.com', password: 'abc' }, { auth: 'none' }),
  post('users.register.two', '/api/auth/local/register', { username: 'Bea', email: 'BEA@Example.com', password: 'another-pass' }, { auth: 'none', capture: { 'jwt:bea': 'jwt' } }),
  post('users.login.username', '/api/auth/local', { identifier: 'ada', password: 'correct-horse' }, { auth: 'none' }),
  post('users.login.email', '/api/auth/local', { identifier: 'ADA@example.com', password: 'correct-horse' }, { auth: 'none' }),
  post('users.login.wrong', '/api/auth/local', { identifier: 'ada', password: 'wrong-password' }, { auth: 'none' }),
  post('users.login.unknown', '/api/auth/local', { identifier: 'nobody', password: 'whatever1' }, { auth: 'none' }),
  post('users.login.missing', '/api/auth/local', { identifier: 'ada' }, { auth: 'none' }),
  post('users.login.empty', '/api/auth/local', {}, { auth: 'none' }),
  get('users.me', '/api/users/me', JWT), get('users.me.populate', '/api/users/me?populate=role', JWT),
  get('users.me.public', '/api/users/me', { auth: 'none' }), get('users.me.token', '/api/users/me'),
  get('users.me.bad.jwt', '/api/users/me', { auth: 'none', headers: { Authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MX0.c2lnbmF0dXJl' } }),
  get('users.jwt.on.content', '/api/tags?fields[0]=name&sort=name', JWT), get('users.jwt.forbidden', '/api/profiles', JWT),
  post('users.jwt.create.forbidden', '/api/tags', { data: { name: 'from-jwt' } }, JWT),
  get('users.list', '/api/users?sort=username'), get('users.list.filter', '/api/users?filters[username][$eq]=ada'),
  get('users.count', '/api/users/count'), get('users.one', '/api/users/@@ada'), get('users.one.missing', '/api/users/999999'),
  get('users.list.public', '/api/users', { auth: 'none' }), get('users.list.jwt', '/api/users', JWT),
  get('roles.list', '/api/users-permissions/roles'), get('roles.one.authenticated', '/api/users-permissions/roles/1'),
  get('roles.one.public', '/api/users-permissions/roles/2'), get('roles.one.missing', '/api/users-permissions/roles/99'),
  get('roles.list.public', '/api/users-permissions/roles', { auth: 'none' }), get('roles.permissions', '/api/users-permissions/permissions'),
  post('users.change.password.bad', '/api/auth/change-password', { currentPassword: 'wrong-one', password: 'new-password', passwordConfirmation: 'new-password' }, JWT),
  post('users.change.password.mismatch', '/api/auth/change-password', { currentPassword: 'correct-horse', password: 'new-password', passwordConfirmation: 'other' }, JWT),
  post('users.change.password.public', '/api/auth/change-password', { currentPassword: 'correct-horse', password: 'new-password', passwordConfirmation: 'new-password' }, { auth: 'none' }),
  post('users.logout', '/api/auth/logout', {}, JWT),
];

export default [...upload, ...users];
