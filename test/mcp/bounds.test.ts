// The bounds of one `/mcp` call: its result's size (mcp.maxResultChars), counted while the result is built, and its time
// (mcp.requestTimeoutMs), past which a write under way is waited for rather than answered as a failure while it lands.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCms } from '../../core/cms.js';
import { ResultBudget, ResultTooLargeError } from '../../core/mcp/bounded-json.js';
import { WritesUnderWay } from '../../core/mcp/writes-under-way.js';
import { mcpProject, onPort, TEST_ENV, token, type McpSite } from './mcp-site.js';

describe('ResultBudget.json: JSON.stringify, given up as soon as the text passes the limit', () => {
  const date = new Date('2026-01-02T03:04:05.000Z');
  it.each([
    [{ a: 1, b: 'x"y\n', c: [true, null, 2.5], d: { e: [] } }],
    [{ skipped: undefined, fn: () => 1, list: [undefined, () => 1], date, nan: Number.NaN }],
    [['é', '\u2028', { nested: { deeper: [1, [2, [3]]] } }]],
    ['plain'], [42], [null],
  ])('writes %j as JSON.stringify does', (value) => {
    expect(new ResultBudget(10_000).json(value)).toBe(JSON.stringify(value));
  });

  it('refuses a text over the limit, a text at the limit answered', () => {
    const value = { results: ['abc', 'def'] };
    const size = JSON.stringify(value).length;
    expect(new ResultBudget(size).json(value)).toBe(JSON.stringify(value));
    expect(() => new ResultBudget(size - 1).json(value)).toThrow(ResultTooLargeError);
  });

  it('stops reading a huge list at the limit: no more of it is visited, no longer text held', () => {
    let visited = 0;
    const huge = new Proxy(new Array<string>(1_000_000).fill('row'), {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) visited += 1;
        return Reflect.get(target, key, receiver);
      },
    });
    expect(() => new ResultBudget(1000).json({ results: huge })).toThrow(/passes this server's limit of 1000 characters/);
    expect(visited).toBeLessThan(200);
  });

  it('shares one budget between the pieces a result is built from', () => {
    const budget = new ResultBudget(20);
    budget.json('0123456789');
    expect(() => budget.json('0123456789')).toThrow(ResultTooLargeError);
  });
});

describe('WritesUnderWay', () => {
  it('runs a write and counts it until it settles; once closed, a write that had not started never starts', async () => {
    const underWay = new WritesUnderWay();
    let finish!: () => void;
    const running = underWay.run(() => new Promise<void>((resolveWrite) => { finish = resolveWrite; }));
    expect(underWay.close('Operation timed out')).toBe(1);
    const never = vi.fn(async () => 'written');
    await expect(underWay.run(never)).rejects.toThrow('Operation timed out: nothing was written');
    expect(never).not.toHaveBeenCalled();
    finish();
    await running;
    await underWay.settled();
    expect(underWay.close('again')).toBe(0);
  });
});

/**
 * A site whose `/mcp` calls are bounded as given, its reports kept, and a gate on every document create: before it (`before`:
 * the write has not begun until the gate opens) or after it (`after`: the write is made at once, its answer held until then).
 */
async function gatedSite(mcp: Record<string, unknown>, gated: 'before' | 'after') {
  const reports: string[] = [];
  const listeners: Array<(line: string) => void> = [];
  const cms = await createCms({
    root: mcpProject(mcp), env: TEST_ENV,
    report: (line) => { reports.push(line); for (const listener of listeners) listener(line); },
  });
  const site = await onPort(cms);
  let open!: () => void;
  const gate = new Promise<void>((resolveGate) => { open = resolveGate; });
  let landed!: () => void;
  const written = new Promise<void>((resolveWritten) => { landed = resolveWritten; });
  const create = cms.service.create.bind(cms.service);
  cms.service.create = (async (...args: Parameters<typeof create>) => {
    if (gated === 'before') await gate;
    const result = await create(...args);
    landed();
    if (gated === 'after') await gate;
    return result;
  }) as typeof create;
  const reported = (text: string) => new Promise<void>((resolveLine) => {
    if (reports.some((line) => line.includes(text))) resolveLine();
    listeners.push((line) => { if (line.includes(text)) resolveLine(); });
  });
  const key = await token(cms, 'agent', 'full-access');
  const call = async (name: string, args: Record<string, unknown>) => {
    const response = await fetch(`${site.url}/mcp`, {
      method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args } }),
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${key}` },
    });
    const text = await response.text();
    const data = text.split('\n').find((line) => line.startsWith('data: '));
    return { status: response.status, body: JSON.parse(data ? data.slice(6) : text) };
  };
  return { site, cms, open, written, reported, call };
}

describe('a tool call past mcp.requestTimeoutMs', () => {
  let site: McpSite | undefined;
  afterEach(async () => { await site?.close(); site = undefined; });

  it('a write under way when time runs out is waited for and answered as done, never as a failure', async () => {
    // 2 s (5 s before, all of it waited). The draft is created at once and its answer held until the bound is reported: the
    // create itself is not raced against the second bound (a loaded machine's create took past it once the gate opened, and
    // then a right server answered "may still land"). A read first, so that the MCP server's first load is not in the bound.
    const gated = await gatedSite({ requestTimeoutMs: 2000 }, 'after');
    site = gated.site;
    expect((await gated.call('list_article', {})).body.result.structuredContent.results).toEqual([]);
    const answer = gated.call('create_article', { data: { title: 'Late but made' } });
    // the gate opens only once the request is past its bound (Strapi would have answered Internal error by now)
    await gated.reported("Operation 'transport.handleRequest' timed out after 2000ms: waiting for the write under way");
    gated.open();
    const { status, body } = await answer;
    expect(status).toBe(200);
    expect(body.result.isError).toBeUndefined();
    expect(body.result.structuredContent.data).toMatchObject({ title: 'Late but made', status: 'draft' });
    const stored = gated.cms.documents('api::article.article').findMany({ status: 'draft' }) as any;
    expect((await stored).map((article: any) => article.title)).toEqual(['Late but made']);
  });

  it('a write still under way twice the bound after the start answers that it may still land, and it does', async () => {
    const gated = await gatedSite({ requestTimeoutMs: 300 }, 'before');
    site = gated.site;
    const { status, body } = await gated.call('create_article', { data: { title: 'Slow' } });
    expect(status).toBe(500);
    expect(body.error).toEqual({
      code: -32603,
      message: 'Internal error: a write was still under way 600ms after the request began; it may still land, so read the '
        + 'document before retrying it',
    });
    gated.open();
    await gated.written;
    const stored = await (gated.cms.documents('api::article.article').findMany({ status: 'draft' }) as any);
    expect(stored.map((article: any) => article.title)).toEqual(['Slow']);
  });
});

describe('mcp.maxResultChars while a list is built', () => {
  it('a list over the limit is refused at the first result past it: the rest are never formatted or signed', async () => {
    const cms = await createCms({ root: mcpProject({ maxResultChars: 1500 }), env: TEST_ENV, report: () => {} });
    const site = await onPort(cms);
    try {
      for (let index = 0; index < 40; index += 1) await cms.documents('api::article.article').create({ data: { title: `Article ${index}` } });
      let signed = 0;
      const sign = cms.service.signMedia;
      cms.service.signMedia = (async (uid: string, data: unknown) => { signed += 1; return sign(uid, data as never); }) as typeof sign;
      const key = await token(cms, 'agent', 'full-access');
      const response = await fetch(`${site.url}/mcp`, {
        method: 'POST',
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_article', arguments: { pageSize: 100 } } }),
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${key}` },
      });
      const text = await response.text();
      expect(text).toContain("the result passes this server's limit of 1500 characters (mcp.maxResultChars)");
      expect(signed).toBeGreaterThan(0);
      expect(signed).toBeLessThan(10);
    } finally {
      await site.close();
    }
  });
});
