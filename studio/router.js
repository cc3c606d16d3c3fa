// Hash routes, so the server serves one page and deep links survive a reload:
//   #/                      the content types
//   #/t/articles?page=2&q=  a list          #/t/articles/<documentId>?locale=fr  a document
//   #/t/articles/new        a new document  #/t/global                           a single type
//   #/git                   the Git panel
export function parseHash(hash = location.hash) {
  const [path, search = ''] = hash.replace(/^#/, '').split('?');
  const [, section, type, documentId] = path.split('/').map(decodeURIComponent);
  return { section: section || '', type, documentId, params: Object.fromEntries(new URLSearchParams(search)) };
}

export function href(type, documentId, params = {}) {
  const search = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== undefined && value !== '')).toString();
  return `#/t/${encodeURIComponent(type)}${documentId ? `/${encodeURIComponent(documentId)}` : ''}${search ? `?${search}` : ''}`;
}

export const navigate = (to) => { location.hash = to; };
