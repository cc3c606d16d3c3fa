// Small builders for catalogue cases: every case is one concrete request.

/** GET (or another method without a body). */
export const get = (id, path, extra = {}) => ({ id, method: 'GET', path, ...extra });
/** A request with a JSON body. */
export const send = (id, method, path, body, extra = {}) => ({ id, method, path, body, ...extra });
export const post = (id, path, body, extra) => send(id, 'POST', path, body, extra);
export const put = (id, path, body, extra) => send(id, 'PUT', path, body, extra);
export const del = (id, path, extra = {}) => ({ id, method: 'DELETE', path, ...extra });

/** Encodes a query value the way a client library would (brackets stay literal, as curl -g sends them). */
export const q = (value) => encodeURIComponent(value);
