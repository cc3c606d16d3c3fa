import { describe, expect, it } from 'vitest';
import type { Cms } from '../../core/cms.js';
import { isWriteRequest } from '../../core/http/forward-writes.js';
import { createWriterChoice, WRITER_DOWN_MS } from '../../core/replication/writer-choice.js';

const A = 'http://10.0.0.11:1337';
const B = 'http://10.0.0.12:1337';
const C = 'http://10.0.0.13:1337';

describe('the writer replica', () => {
  it('is the first of every replica\'s sorted URL, the same whichever replica asks; one that refused is passed over for a while',
    async () => {
    let clock = 1_000;
    const logs: string[] = [];
    const report = (line: string) => logs.push(line);
    const fromC = createWriterChoice({ self: C, peers: [`${B}/`, A], token: 't', forwardWrites: true, pushTimeoutMs: 10_000, report,
      now: () => clock })!;
    const fromA = createWriterChoice({ self: A, peers: [C, B], token: 't', forwardWrites: true, pushTimeoutMs: 10_000, report: () => {},
      now: () => clock })!;
    expect(await fromC.next()).toBe(A);
    expect(await fromA.next()).toBe(A);
    expect(fromC.chosenBy).toBe('url-order');
    fromC.down(A);
    expect(await fromC.next()).toBe(B);
    expect(fromC.status().down).toEqual([{ url: A, until: new Date(1_000 + WRITER_DOWN_MS).toISOString() }]);
    // Its own URL is never passed over.
    fromC.down(C);
    fromC.down(B);
    expect(await fromC.next()).toBe(C);
    clock += WRITER_DOWN_MS;
    expect(await fromC.next()).toBe(A);
    // A change of writer is logged once.
    fromC.wrote(A, 'forwarded');
    fromC.wrote(A, 'forwarded');
    fromC.wrote(C);
    expect(logs).toEqual([
      `git: writes are forwarded to the writer replica ${A}`, 'git: this replica is the writer: it writes and pushes',
    ]);
    expect(fromC.status()).toMatchObject({ writer: C, forwarded: 2, lostAfterSend: 0, chosenBy: 'url-order', elected: null });
  });

  it('is not chosen without peers, with forwardWrites off, or without the own URL or the pull token (said once)', () => {
    const logs: string[] = [];
    const report = (line: string) => logs.push(line);
    expect(createWriterChoice({ self: A, peers: [], token: 't', forwardWrites: true, pushTimeoutMs: 10_000, report })).toBeUndefined();
    expect(createWriterChoice({ self: A, peers: [B], token: 't', forwardWrites: false, pushTimeoutMs: 10_000, report })).toBeUndefined();
    expect(logs).toEqual([]);
    expect(createWriterChoice({ peers: [B], token: 't', forwardWrites: true, pushTimeoutMs: 10_000, report })).toBeUndefined();
    expect(createWriterChoice({ self: A, peers: [B], forwardWrites: true, pushTimeoutMs: 10_000, report })).toBeUndefined();
    expect(logs).toEqual([
      expect.stringMatching(/not forwarded.*CMS_GIT_SELF/),
      expect.stringMatching(/not forwarded.*CMS_GIT_PULL_TOKEN/),
    ]);
  });

  it('waits for a forwarded write\'s answer past the push timeout: half of it, at least 2 s, or git.forwardMargin', () => {
    const choice = (pushTimeoutMs: number, forwardMarginMs?: number) => createWriterChoice({
      self: A, peers: [B], token: 't', forwardWrites: true, pushTimeoutMs, forwardMarginMs, report: () => {},
    })!.answerWithinMs;
    expect(choice(10_000)).toBe(15_000);
    expect(choice(1_000)).toBe(3_000);
    expect(choice(1_000, 100)).toBe(1_100);
    expect(choice(10_000, 0)).toBe(10_000);
  });
});

describe('which requests are writes (forwarded to the writer)', () => {
  const cms = {
    config: {
      api: { rest: { prefix: '/api' } }, admin: { path: '/admin' },
      graphql: { enabled: true, endpoint: '/graphql' }, mcp: { enabled: true },
    },
  } as unknown as Cms;
  it.each([
    ['POST', '/graphql', true],
    ['POST', '/GraphQL/?x=1', true],
    ['POST', '/mcp', true],
    ['GET', '/graphql?query=%7Btags%7Bname%7D%7D', false],
    ['GET', '/mcp', false],
    ['POST', '/graphqlx', false],
    ['POST', '/api/notes', true],
    ['PUT', '/api/notes/abc?locale=fr', true],
    ['DELETE', '/API/notes/abc', true],
    ['POST', '/api/upload', true],
    ['POST', '/api/auth/local/register', true],
    ['POST', '/admin/api/git/switch', true],
    ['GET', '/api/notes', false],
    ['HEAD', '/api/notes', false],
    ['OPTIONS', '/api/notes', false],
    ['POST', '/admin/api/uid/check', false],
    ['POST', '/_cms/git/pull', false],
    ['POST', '/apix/notes', false],
    ['POST', '/uploads/x.txt', false],
  ] as const)('%s %s → %s', (method, url, write) => {
    expect(isWriteRequest(method, url, cms)).toBe(write);
  });
});

describe('GraphQL and MCP are writes only where they are on', () => {
  const site = (graphql: boolean, mcp: boolean, endpoint = '/graphql') => ({
    config: {
      api: { rest: { prefix: '/api' } }, admin: { path: '/admin' }, graphql: { enabled: graphql, endpoint }, mcp: { enabled: mcp },
    },
  }) as unknown as Cms;
  it('a POST to a disabled GraphQL endpoint or MCP is not forwarded', () => {
    expect(isWriteRequest('POST', '/graphql', site(false, false))).toBe(false);
    expect(isWriteRequest('POST', '/mcp', site(false, false))).toBe(false);
    expect(isWriteRequest('POST', '/mcp', site(true, true))).toBe(true);
  });
  it('the configured GraphQL endpoint is the one forwarded', () => {
    expect(isWriteRequest('POST', '/v1/gql', site(true, false, '/v1/gql'))).toBe(true);
    expect(isWriteRequest('POST', '/graphql', site(true, false, '/v1/gql'))).toBe(false);
  });
});
