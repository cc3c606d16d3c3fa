// Serves a copy of a fixture project with its own src/ code (in process, the real app), sends it the requests of a
// recording made against the real Strapi 5.54, and gives back the normalised answers to compare.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCms, type Cms } from '../../core/cms.js';
import { startProjectCode } from '../../core/extensions/start.js';
import { createApp } from '../../core/http/app.js';
import { EXTENSIONS } from '../../core/http/extensions.js';
import { projectRoutes } from '../../core/http/project-routes.js';
// @ts-expect-error: plain ES modules shared with the recorder
import { createNameBook } from '../conformance/lib/normalize.mjs';
// @ts-expect-error: plain ES modules shared with the recorder
import { runCases } from '../conformance/lib/run.mjs';

export interface Answer { status: number; headers: Record<string, string>; body: unknown }
export interface Recorded { id: string; request: Record<string, unknown>; response: Answer }

export const ENV = {
  CMS_JWT_SECRET: 'extensions-jwt-secret-0123456789abcdef0123456789',
  CMS_API_TOKEN_SALT: 'extensions-salt-0123456789abcdef0123456789abcdef',
};

/** Load a project root and start its code (register, bootstrap), as `cms serve` does. */
export async function startProject(root: string, logged: string[]) {
  const cms = await createCms({ root, env: ENV, report: (line) => logged.push(line) });
  const code = await startProjectCode(cms);
  return { cms, code };
}

/**
 * A copy of `project` started, and the recorded cases sent to it in order: the answers by case id, and the copy's root.
 *
 * @example
 * const { answers, root } = await replayProject(join(HERE, 'bootstrap'), recording.cases, logged);
 */
export async function replayProject(project: string, cases: Recorded[], logged: string[]) {
  const root = mkdtempSync(join(tmpdir(), 'cms-extensions-'));
  cpSync(project, root, { recursive: true });
  const { cms, code } = await startProject(root, logged);
  const app = createApp(cms, { log: (line) => logged.push(line), extensions: [...EXTENSIONS, projectRoutes(code!)] });
  const vars: Record<string, unknown> = { token: (await cms.auth.tokens.create({ name: 'extensions', type: 'full-access' })).accessKey };
  const answers = new Map<string, Answer>();
  const send = (path: string, init: RequestInit) => Promise.resolve(app.request(path, init));
  const sent = cases.map(({ id, request }) => ({ id, ...request }));
  for await (const { kase, answer } of runCases(sent, send, vars, createNameBook())) answers.set(kase.id, answer);
  return { answers, root, cms: cms as Cms };
}
