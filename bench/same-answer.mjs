// The limit of the bench's read tables: a bare node:http server answering, to every request, the exact status,
// headers and body this server answered to one request (Node's own connection headers left out: any server's
// answer gets those). Strapi's dozen headers cost Node's http the same in any server, so the limit sends them too.

/** Node's own connection headers, which any server's answer gets: not replayed. */
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * One answer of a server, as bytes: `init` as fetch takes it (its headers are the caller's: a token, `Cms-Branch`).
 * Asked without compression, as autocannon asks. `check` refuses an answer that would measure nothing (an error).
 */
export async function answerOf(url, init = {}, check = (answer) => answer.status < 400) {
  const answer = await fetch(url, { ...init, headers: { ...init.headers, 'accept-encoding': 'identity' } });
  const body = Buffer.from(await answer.arrayBuffer());
  const status = answer.status;
  if (!check({ status, body })) throw new Error(`${init.method ?? 'GET'} ${url} answered ${status}: ${body.toString().slice(0, 300)}`);
  return { status, body, raw: [...answer.headers].filter(([name]) => !HOP_HEADERS.has(name)).flat() };
}

/** The bare server answering `answer`'s bytes to any request, once it has read the request's body, as a server must. */
export function sameAnswerServer(listen, answer) {
  return listen((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(answer.status, answer.raw);
      res.end(answer.body);
    });
  });
}
