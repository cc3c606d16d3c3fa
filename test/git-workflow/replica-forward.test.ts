import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createCms, type Cms } from '../../core/cms.js';
import { createNodeHandler } from '../../core/http/serve.js';
import { WRITER_DOWN_MS } from '../../core/replication/writer-choice.js';
import { git } from './helpers.js';
import { remoteAndClones, tip } from './replica-helpers.js';

const TOKEN = 'a-long-replica-secret';
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => { server.closeAllConnections(); server.close(done); })));
});

/** A server on a free port whose handler is set later (a replica must know every URL, its own too, before it starts). */
async function socket(handler?: RequestListener): Promise<{ url: string; server: Server; serve: (next: RequestListener) => void }> {
  let current: RequestListener | undefined = handler;
  const server = createServer((req, res) => current!(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server, serve: (next) => { current = next; } };
}

interface Running { url: string; cms: Cms; logs: string[]; server: Server }

/** `count` replicas of one remote on real ports, each told its own URL and its peers'; sorted by URL, so [0] is the writer. */
async function replicas(
  count: number, gitConfig: Record<string, unknown> = {}, env: Record<string, string> = {}, config: Record<string, unknown> = {},
) {
  const { remote, clones } = await remoteAndClones(count, gitConfig, config);
  const sockets = await Promise.all(clones.map(() => socket()));
  const running: Running[] = [];
  for (const [at, root] of clones.entries()) {
    const logs: string[] = [];
    const peers = sockets.filter((_, other) => other !== at).map((other) => other.url).join(',');
    const cms = await createCms({
      root, report: (message) => logs.push(message),
      env: { ...env, CMS_GIT_PULL_TOKEN: TOKEN, CMS_GIT_PEERS: peers, CMS_GIT_SELF: sockets[at].url },
    });
    sockets[at].serve(createNodeHandler(cms));
    running.push({ url: sockets[at].url, cms, logs, server: sockets[at].server });
  }
  return { remote, clones, replicas: running.sort((a, b) => (a.url < b.url ? -1 : 1)) };
}

const post = (url: string, data: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}/api/notes`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ data }),
  });
const forwarding = async (replica: Running) => (await replica.cms.replica!.status()).forwarding;

describe('replicas forward writes to one writer replica', () => {
  it('a write sent to another replica is made by the writer, whose status, headers and commit are relayed; '
    + 'a read there at that commit sees it', async () => {
    const { remote, replicas: [writer, other, third] } = await replicas(3);
    const answer = await post(other.url, { title: 'Forwarded' }, { cookie: 'theme=dark', 'strapi-response-format': 'v4' });
    expect(answer.status).toBe(201);
    const commit = answer.headers.get('x-cms-commit')!;
    expect(commit).toBe(tip(remote));
    expect(answer.headers.get('set-cookie')).toBe(`cms_commit=${commit}; Path=/; Max-Age=300; SameSite=Lax; HttpOnly`);
    expect(answer.headers.get('x-powered-by')).toBe('Strapi <strapi.io>');
    const body = await answer.json();
    // The writer read the caller's headers: the v4 format it asked for.
    expect(body.data.attributes.title).toBe('Forwarded');
    // Pushed by the writer, not by the replica it was sent to.
    expect((await writer.cms.replica!.status()).lastPush?.commit).toBe(commit);
    expect((await other.cms.replica!.status()).lastPush).toBeNull();
    expect(await forwarding(other)).toMatchObject({
      enabled: true, self: other.url, writer: writer.url, forwarded: 1, lostAfterSend: 0, down: [],
    });

    const read = await fetch(`${other.url}/api/notes/${body.data.documentId}`, { headers: { 'x-cms-commit': commit } });
    expect(read.status).toBe(200);
    expect((await read.json()).data.title).toBe('Forwarded');

    // A second write: the writer is logged once, when it changed. Reads are never forwarded.
    expect((await post(other.url, { title: 'Again' })).status).toBe(201);
    const told = other.logs.filter((line) => line.includes('forwarded to the writer'));
    expect(told).toEqual([`git: writes are forwarded to the writer replica ${writer.url}`]);
    expect((await fetch(`${third.url}/api/notes`)).status).toBe(200);
    expect((await forwarding(third)).forwarded).toBe(0);
    // The writer writes its own writes.
    expect((await post(writer.url, { title: 'Mine' })).status).toBe(201);
    expect(writer.logs).toContain('git: this replica is the writer: it writes and pushes');
  });

  it('a GraphQL mutation sent to another replica is forwarded: the writer makes and pushes it, the caller gets its answer', async () => {
    const { remote, replicas: [writer, other] } = await replicas(2, {}, {}, { graphql: { enabled: true } });
    const answer = await fetch(`${other.url}/graphql`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'mutation ($data: NoteInput!) { createNote(data: $data) { title } }', variables: { data: { title: 'By GraphQL' } },
      }),
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ data: { createNote: { title: 'By GraphQL' } } });
    expect((await writer.cms.replica!.status()).lastPush?.commit).toBe(tip(remote));
    expect((await other.cms.replica!.status()).lastPush).toBeNull();
    expect(await forwarding(other)).toMatchObject({ writer: writer.url, forwarded: 1 });
  });

  it('a multipart upload is forwarded whole', async () => {
    const { remote, replicas: [writer, other] } = await replicas(2);
    const form = new FormData();
    form.append('files', new Blob(['hello from afar'], { type: 'text/plain' }), 'afar.txt');
    const answer = await fetch(`${other.url}/api/upload`, { method: 'POST', body: form });
    expect(answer.status).toBe(201);
    const [entry] = await answer.json();
    expect(entry.name).toBe('afar.txt');
    expect(git(remote, 'show', `main:public${entry.url}`)).toBe('hello from afar');
    expect(git(remote, 'ls-tree', '-r', '--name-only', 'main')).toContain(`content/upload/${entry.documentId}.json`);
    expect((await writer.cms.replica!.status()).lastPush?.commit).toBe(answer.headers.get('x-cms-commit'));
    expect((await forwarding(other)).forwarded).toBe(1);
  });

  it('a writer that refuses connections is passed over: the write is made here, and reaches the remote', async () => {
    const { remote, replicas: [writer, other] } = await replicas(2);
    await new Promise((done) => writer.server.close(done));
    const sent = Date.now();
    const answer = await post(other.url, { title: 'Made here' });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('x-cms-commit')).toBe(tip(remote));
    expect((await other.cms.replica!.status()).lastPush?.commit).toBe(tip(remote));
    const status = await forwarding(other);
    expect(status).toMatchObject({ writer: other.url, forwarded: 0 });
    // The refusing writer is passed over for WRITER_DOWN_MS from its refusal (during the post): listed while that lasts.
    // On a loaded machine the write and its push can outlast it, and then the mark has rightly expired.
    if (Date.now() - sent < WRITER_DOWN_MS) expect(status.down).toMatchObject([{ url: writer.url }]);
    expect(other.logs).toContain('git: this replica is the writer: it writes and pushes');
  });

  it('a writer whose connection drops after the write was sent is answered 503, never run again here', async () => {
    const { remote, clones } = await remoteAndClones(1);
    // Sorted first (127… before localhost): a writer that reads the request, then drops the connection.
    const received: string[] = [];
    const dropping = await socket((req: IncomingMessage, res: ServerResponse) => {
      received.push(`${req.method} ${req.url} ${req.headers['x-cms-forwarded'] === TOKEN} ${req.headers['x-forwarded-proto']}`);
      req.resume();
      req.once('end', () => res.socket!.destroy());
    });
    const before = tip(remote);
    const logs: string[] = [];
    const cms = await createCms({
      root: clones[0], report: (line) => logs.push(line),
      env: { CMS_GIT_PULL_TOKEN: TOKEN, CMS_GIT_PEERS: dropping.url, CMS_GIT_SELF: 'http://localhost:1' },
    });
    const self = await socket(createNodeHandler(cms));
    const answer = await post(self.url, { title: 'Maybe' });
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({
      data: null,
      error: {
        status: 503, name: 'ServiceUnavailableError', message: expect.stringMatching(/stopped answering after the write was sent/),
        details: {},
      },
    });
    expect(received).toEqual(['POST /api/notes true http']);
    expect(tip(remote)).toBe(before);
    expect((await cms.replica!.status()).forwarding).toMatchObject({ forwarded: 1, lostAfterSend: 1 });
  });

  it('a writer that takes the whole write and then stays silent past its push timeout is answered 503, not waited on for ever', async () => {
    // Answered 503 once the push timeout and `git.forwardMargin` have passed: 1 + 0.1 s rather than 1 + the default 2 s.
    const { remote, clones } = await remoteAndClones(1, { pushTimeout: 1, forwardMargin: 0.1 });
    const silent = await socket((req: IncomingMessage) => { req.resume(); });
    const before = tip(remote);
    const cms = await createCms({
      root: clones[0], report: () => {},
      env: { CMS_GIT_PULL_TOKEN: TOKEN, CMS_GIT_PEERS: silent.url, CMS_GIT_SELF: 'http://localhost:1' },
    });
    const self = await socket(createNodeHandler(cms));
    const answer = await post(self.url, { title: 'Maybe' });
    expect(answer.status).toBe(503);
    expect((await answer.json()).error.message).toMatch(/stopped answering after the write was sent: it may or may not have been made/);
    expect(tip(remote)).toBe(before);
    expect((await cms.replica!.status()).forwarding).toMatchObject({ forwarded: 1, lostAfterSend: 1 });
  });

  it('the forwarded marker from outside is ignored: the write is still forwarded to the writer', async () => {
    const { replicas: [writer, other] } = await replicas(2);
    const answer = await post(other.url, { title: 'Sneaky' }, { 'x-cms-forwarded': 'guessed' });
    expect(answer.status).toBe(201);
    expect((await writer.cms.replica!.status()).lastPush?.commit).toBe(answer.headers.get('x-cms-commit'));
    expect((await other.cms.replica!.status()).lastPush).toBeNull();
    expect((await forwarding(other)).forwarded).toBe(1);
  });

  it('with git.forwardWrites: false (or env CMS_GIT_FORWARD_WRITES=false) every replica pushes its own writes', async () => {
    const ways = [[{ forwardWrites: false }, {}], [{}, { CMS_GIT_FORWARD_WRITES: 'false' }]] as const;
    for (const [gitConfig, env] of ways) {
      const { remote, replicas: [, other] } = await replicas(2, gitConfig, env);
      const answer = await post(other.url, { title: 'Own push' });
      expect(answer.status).toBe(201);
      expect((await other.cms.replica!.status()).lastPush?.commit).toBe(tip(remote));
      expect(await forwarding(other)).toMatchObject({ enabled: false, forwarded: 0 });
    }
  });

  it('a sign-in forwarded to the writer counts against the client the forwarding replica saw, not against that replica', async () => {
    const { replicas: [writer, other] } = await replicas(2, {}, { CMS_TRUST_PROXY: 'true' }, { auth: { rateLimit: { max: 3 } } });
    await writer.cms.auth.users.add({ username: 'ada', email: 'ada@example.com', password: 'correct horse battery' });
    const signIn = (password: string, client: string) => fetch(`${other.url}/api/auth/local`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      body: JSON.stringify({ identifier: 'ada', password }),
    }).then((answer) => answer.status);
    for (let i = 0; i < 3; i++) expect(await signIn('wrong', '203.0.113.7')).toBe(400);
    expect(await signIn('wrong', '203.0.113.7')).toBe(429);
    expect(await signIn('correct horse battery', '198.51.100.2')).toBe(200);
    expect((await forwarding(other)).forwarded).toBe(5);
  });
});
