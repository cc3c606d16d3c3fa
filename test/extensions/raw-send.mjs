// Sends a request with its path exactly as written. fetch (WHATWG URL) resolves `.` and `..` segments and
// turns `\` into `/` before sending, so the cases that ask how a server reads such paths go through node:http.
import { request } from 'node:http';

/** Paths fetch would rewrite before sending: a dot segment (`%2e` too) or a backslash. */
export const needsRawPath = (path) => /(^|\/)(\.|%2e){1,2}(\/|\?|$)|\\/i.test(path);

/** `send(path, init)` as fetch's, over node:http with the path untouched; answers a web Response. */
export function rawSend(base, path, init = {}) {
  const target = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: target.hostname, port: target.port, method: init.method ?? 'GET', path, headers: init.headers ?? {} }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers.set(name, [].concat(value).join(', '));
        const empty = res.statusCode === 204 || res.statusCode === 304 || init.method === 'HEAD';
        resolve(new Response(empty ? null : Buffer.concat(chunks), { status: res.statusCode, headers }));
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}
