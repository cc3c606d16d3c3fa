// Replays the answers the real Strapi 5.54 gave to test/extensions/project (its own src/ code: a slug
// lifecycle, a wrapped find, a header middleware, a custom route with a policy, a core router with `only`),
// recorded by record.mjs, against this server loading the same src/, and compares status, content type,
// the recorded headers and the normalised body.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { startProjectCode } from '../../core/extensions/start.js';
import { createApp } from '../../core/http/app.js';
import { EXTENSIONS } from '../../core/http/extensions.js';
import { projectRoutes } from '../../core/http/project-routes.js';
import { createNodeHandler } from '../../core/http/serve.js';
// @ts-expect-error: plain ES modules shared with the recorder
import { createNameBook } from '../conformance/lib/normalize.mjs';
// @ts-expect-error: plain ES modules shared with the recorder
import { runCases } from '../conformance/lib/run.mjs';
// @ts-expect-error: plain ES module shared with the recorder
import { needsRawPath, rawSend } from './raw-send.mjs';

interface Answer { status: number; headers: Record<string, string>; body: unknown }
interface Recorded { id: string; request: Record<string, unknown>; response: Answer }

const HERE = import.meta.dirname;
const recording: { cases: Recorded[] } = JSON.parse(readFileSync(join(HERE, 'recording.json'), 'utf8'));
const ENV = { CMS_JWT_SECRET: 'extensions-jwt-secret-0123456789abcdef0123456789',
  CMS_API_TOKEN_SALT: 'extensions-salt-0123456789abcdef0123456789abcdef' };

const answers = new Map<string, Answer>();
const logged: string[] = [];
let root = '';
let server: Server | undefined;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cms-extensions-'));
  cpSync(join(HERE, 'project'), root, { recursive: true });
  const cms = await createCms({ root, env: ENV, report: (line) => logged.push(line) });
  const code = await startProjectCode(cms);
  const extensions = [...EXTENSIONS, projectRoutes(code!)];
  const app = createApp(cms, { log: (line) => logged.push(line), extensions });
  const vars: Record<string, unknown> = { token: (await cms.auth.tokens.create({ name: 'extensions', type: 'full-access' })).accessKey };
  // A path fetch would rewrite (`/./`, `/../`, `\`) goes over a socket, as written, to the same server's Node handler.
  server = createServer(createNodeHandler(cms, { extensions }));
  await new Promise<void>((listening) => server!.listen(0, '127.0.0.1', listening));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const send = (path: string, init: RequestInit) => (needsRawPath(path) ? rawSend(base, path, init) : Promise.resolve(app.request(path, init)));
  const cases = recording.cases.map(({ id, request }) => ({ id, ...request }));
  for await (const { kase, answer } of runCases(cases, send, vars, createNameBook())) answers.set(kase.id, answer);
}, 60_000);

afterAll(async () => {
  await new Promise((closed) => (server ? server.close(closed) : closed(undefined)));
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('a Strapi project\'s own back-end code answers as in the real Strapi 5.54', () => {
  it.each(recording.cases.map((recorded) => [recorded.id, recorded] as const))('%s', (id, recorded) => {
    expect({ id, ...answers.get(id) }).toEqual({ id, ...recorded.response });
  });
});

it('logs the error a controller threw (500) and runs bootstrap', () => {
  expect(logged.some((line) => line.includes('something inside went wrong'))).toBe(true);
  expect(logged).toContain('[info] extensions project ready');
});
