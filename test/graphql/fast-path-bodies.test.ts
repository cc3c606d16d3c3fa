// How the Node fast path of /graphql (core/http/graphql-fast.ts) reads a POST body: answered once its declared length has
// come (in one piece or several), its plan kept by the body's bytes (as latin1, so any UTF-8 is its own key), and a client
// gone before the end of its body leaves the server serving, and every POST, anonymous or not, answered once the turn of
// the event loop that read it is done. Every answer is compared with h3's, byte for byte.
import { EventEmitter } from 'node:events';
import { cpSync, mkdtempSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toNodeHandler } from 'h3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCms, type Cms } from '../../core/cms.js';
import { createApp } from '../../core/http/app.js';
import { answerGraphqlKept } from '../../core/http/graphql-fast.js';
import type { TurnAnswer } from '../../core/http/turn-answers.js';
import { createNodeHandler } from '../../core/http/serve.js';
import { REPO_ROOT } from '../helpers/project.js';
import { exchange, RawListeners } from '../helpers/raw-exchange.js';
import { removeAfterFile } from '../helpers/temp-folders.js';

const listeners = new RawListeners();
afterAll(() => listeners.closeAll());

/** A POST /graphql of `json` as UTF-8 bytes, split into a head and body `pieces` (byte lengths), as a latin1 string each. */
function postParts(json: string, pieces: number[] = []): string[] {
  const body = Buffer.from(json, 'utf8');
  const head = `POST /graphql HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\ncontent-type: application/json\r\n`
    + `content-length: ${body.length}\r\n\r\n`;
  const parts = [head];
  let at = 0;
  for (const piece of [...pieces, body.length]) {
    parts.push(body.subarray(at, Math.min(piece, body.length)).toString('latin1'));
    at = Math.min(piece, body.length);
  }
  return parts.filter((part, i) => i === 0 || part.length > 0);
}

/** exchange's answer to a request sent in parts, each written once the one before it has been handed to the socket. */
async function exchangeParts(cms: Cms, port: number, parts: string[]): Promise<{ raw: string; viaH3: boolean }> {
  const catchUp = vi.spyOn(cms.auth, 'catchUp');
  const raw = await new Promise<string>((done, fail) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => { text += chunk.toString('latin1'); }).on('end', () => done(text)).on('error', fail);
    const send = (at: number) => { if (at < parts.length) socket.write(Buffer.from(parts[at]!, 'latin1'), () => send(at + 1)); };
    send(0);
  });
  const viaH3 = catchUp.mock.calls.length > 0;
  catchUp.mockRestore();
  return { raw: raw.replace(/^Date: .*\r\n/m, ''), viaH3 };
}

const bodyOf = (raw: string) => JSON.parse(Buffer.from(raw.slice(raw.indexOf('\r\n\r\n') + 4), 'latin1').toString('utf8'));

describe('the POST bodies of the Node fast path of /graphql', () => {
  let cms: Cms;
  let fast = 0;
  let h3 = 0;
  const named = (name: string) => JSON.stringify({ query: 'query ($n: String) { tags(filters: { name: { eq: $n } }) { name weight } }',
    variables: { n: name } });
  beforeAll(async () => {
    const root = removeAfterFile(mkdtempSync(join(tmpdir(), 'cms-graphql-fast-bodies-')));
    cpSync(join(REPO_ROOT, 'test/conformance/fixture'), root, { recursive: true });
    cms = await createCms({ root });
    for (const name of ['café', 'cafe', 'cafë']) await cms.documents('api::tag.tag').create({ data: { name, weight: name.length } });
    fast = await listeners.listen(createNodeHandler(cms));
    h3 = await listeners.listen(toNodeHandler(createApp(cms, { log: () => {} })));
  }, 120_000);
  afterAll(async () => { await cms?.close(); });

  it('answers a body that comes in several pieces from Node once its declared length is in, with the bytes h3 answers', async () => {
    const whole = postParts(named('cafe'));
    const first = await exchangeParts(cms, fast, whole);
    expect(bodyOf(first.raw)).toEqual({ data: { tags: [{ name: 'cafe', weight: 4 }] } });
    const pieces = await exchangeParts(cms, fast, postParts(named('cafe'), [1, 20, 21, 60]));
    expect(pieces.viaH3).toBe(false);
    expect(pieces.raw).toBe(first.raw);
    expect(pieces.raw).toBe((await exchangeParts(cms, h3, whole)).raw);
  });

  it('keeps a UTF-8 body\'s plan by its own bytes: names a byte apart, of one length, each get their own answer', async () => {
    // 'café' and 'cafë' are as long in UTF-8 and differ in one byte; 'cafe' is one byte shorter.
    for (const name of ['café', 'cafë', 'café', 'cafe', 'cafë']) {
      const ask = postParts(named(name), [30]);
      const answer = await exchangeParts(cms, fast, ask);
      expect(bodyOf(answer.raw)).toEqual({ data: { tags: [{ name, weight: name.length }] } });
      expect(answer.raw).toBe((await exchangeParts(cms, h3, ask)).raw);
    }
    expect((await exchangeParts(cms, fast, postParts(named('cafë')))).viaH3).toBe(false);
  });

  it('keeps serving, from Node, after a client hangs up in the middle of a body', async () => {
    const ask = postParts(named('café'));
    const kept = await exchangeParts(cms, fast, ask);
    const cut = await new Promise<string>((done, fail) => {
      const socket = connect(fast, '127.0.0.1');
      let text = '';
      socket.on('data', (chunk) => { text += chunk.toString('latin1'); }).on('close', () => done(text)).on('error', fail);
      socket.end(Buffer.from(ask[0]! + ask[1]!.slice(0, 10), 'latin1'));
    });
    // Node's own answer to a request cut short (its parser's), never an answer to half a query.
    expect(cut).toMatch(/^HTTP\/1\.1 400 Bad Request\r\nConnection: close\r\n\r\n$/);
    const after = await exchange(cms, fast, ask.join(''));
    expect(after.viaH3).toBe(false);
    expect(after.raw).toBe(kept.raw);
  });

  /** An anonymous POST of `json` given to the fast path as Node would, its turn's end (`later`) and h3 (`next`) stubbed. */
  function postAlone(json: string) {
    const body = Buffer.from(json, 'utf8');
    const req = Object.assign(new EventEmitter(), {
      method: 'POST', url: '/graphql', socket: {}, headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
    }) as unknown as IncomingMessage;
    const written: unknown[] = [];
    const res = { writeHead: (status: number) => written.push(status), end: (bytes: Buffer) => written.push(bytes) } as unknown as ServerResponse;
    const handed: TurnAnswer[] = [];
    const next = vi.fn();
    answerGraphqlKept(cms, req, res, next, (_req, _res, answer) => handed.push(answer));
    req.emit('data', body);
    return { req, res, written, handed, next };
  }

  it('hands an anonymous POST, like a credentialed one, to the end of the turn that read it, and answers it then', async () => {
    const json = named('cafe');
    const kept = await exchangeParts(cms, fast, postParts(json));
    const { written, handed, next } = postAlone(json);
    expect(handed).toHaveLength(1);
    expect(written).toEqual([]);
    handed[0]!({});
    expect(next).not.toHaveBeenCalled();
    expect(written[0]).toBe(200);
    expect(JSON.parse(String(written[1]))).toEqual(bodyOf(kept.raw));
  });

  it('hands an anonymous mutation on to h3 only at the end of the turn that read it', async () => {
    const { req, res, written, handed, next } = postAlone(JSON.stringify({ query: 'mutation { deleteTag(documentId: "none") { documentId } }' }));
    expect(handed).toHaveLength(1);
    expect(next).not.toHaveBeenCalled();
    handed[0]!({});
    expect(next).toHaveBeenCalledWith(req, res);
    expect(written).toEqual([]);
  });
});
