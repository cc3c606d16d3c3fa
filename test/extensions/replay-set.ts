// Replays recorded cases against this server loading a project's own src/ (createCms, its project code, the
// HTTP face with the project's routes), as the recorder sent them to the real Strapi 5.54. Shared by the replays
// of test/extensions/project (replay.test.ts) and test/extensions/routers (routers.test.ts).
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCms } from '../../core/cms.js';
import { startProjectCode } from '../../core/extensions/start.js';
import { createApp } from '../../core/http/app.js';
import { EXTENSIONS } from '../../core/http/extensions.js';
import { projectRoutes } from '../../core/http/project-routes.js';
import { createNodeHandler } from '../../core/http/serve.js';
// @ts-expect-error: plain ES modules shared with the recorder
import { createNameBook, normalizeAnswer } from '../conformance/lib/normalize.mjs';
// @ts-expect-error: plain ES modules shared with the recorder
import { buildRequest, capture, pastWriteMillisecond, readResponse } from '../conformance/lib/run.mjs';
// @ts-expect-error: plain ES module shared with the recorder
import { needsRawPath, rawSend } from './raw-send.mjs';

export interface Answer { status: number; headers: Record<string, string>; body: unknown }
export interface Recorded { id: string; request: Record<string, unknown>; response: Answer }

const ENV = { CMS_JWT_SECRET: 'extensions-jwt-secret-0123456789abcdef0123456789',
  CMS_API_TOKEN_SALT: 'extensions-salt-0123456789abcdef0123456789abcdef', NODE_ENV: 'production' /* as the reference runs */ };

/**
 * Every recorded case's answer from this server on a copy of `project`, what it logged, and `close` to stop it. The files
 * of `leaveOut` (relative to the project) are not copied: code the set lists as not runnable here yet.
 */
export async function replaySet(project: string, recorded: Recorded[], leaveOut: string[] = []) {
  const root = mkdtempSync(join(tmpdir(), 'cms-extensions-'));
  cpSync(project, root, { recursive: true });
  for (const file of leaveOut) rmSync(join(root, file));
  // The npm packages its code requires, as `npm install` gives a project: strapi/internal-lms's src/index.js requires
  // lodash, which a Strapi project has through Strapi's own dependencies, and pzkogrodek's lifecycles the `slugify` package
  // it depends on (a devDependency here); here they are this repository's.
  if (!existsSync(join(root, 'node_modules'))) symlinkSync(join(import.meta.dirname, '..', '..', 'node_modules'), join(root, 'node_modules'), 'dir');
  const logged: string[] = [];
  const answers = new Map<string, Answer>();
  const cms = await createCms({ root, env: ENV, report: (line) => logged.push(line) });
  const code = await startProjectCode(cms);
  // A set without src/ code (user-targets) is served by the built-in routes alone.
  const extensions = code ? [...EXTENSIONS, projectRoutes(code)] : EXTENSIONS;
  const app = createApp(cms, { log: (line) => logged.push(line), extensions });
  const vars: Record<string, unknown> = { token: (await cms.auth.tokens.create({ name: 'extensions', type: 'full-access' })).accessKey };
  // A path fetch would rewrite (`/./`, `/../`, `\`) goes over a socket, as written, to the same server's Node handler.
  const server: Server = createServer(createNodeHandler(cms, { extensions }));
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const send = (path: string, init: RequestInit) => (needsRawPath(path) ? rawSend(base, path, init) : Promise.resolve(app.request(path, init)));
  const book = createNameBook();
  // As conformance/lib/run.mjs's runCases, but a case naming a value an earlier one failed to capture is answered
  // `unsent` (and fails its comparison) instead of stopping every case after it.
  for (const { id, request } of recorded) {
    const kase = { id, ...request } as { id: string; capture?: object; recordHeaders?: string[] };
    let built: { path: string; init: RequestInit };
    try {
      built = buildRequest(kase, vars);
    } catch (error) {
      answers.set(id, { status: 0, headers: {}, body: `unsent: ${(error as Error).message}` });
      continue;
    }
    const answer = await readResponse(await send(built.path, built.init), kase.recordHeaders);
    await pastWriteMillisecond(built.init, answer.status);
    if (kase.capture && answer.status < 300) {
      try { capture(kase, answer.body, vars, book); } catch { /* the cases using it are answered unsent */ }
    }
    answers.set(id, normalizeAnswer(answer, book, id, { graphql: /^\/graphql(\?|\/|$)/.test(String(request.path)) }));
  }
  const close = async () => {
    await new Promise((closed) => server.close(closed));
    rmSync(join(root, 'node_modules'), { force: true });
    rmSync(root, { recursive: true, force: true });
  };
  return { answers, logged, close };
}
