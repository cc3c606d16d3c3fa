// Serves a copy of a recorded MCP set's project with `"mcp": { "enabled": true }` (in process, the real app, its
// own src/ code when it has some), seeds it with the recording's REST requests, gives every recorded credential
// ours (full → full-access API token, read → read-only, custom-<x> → a custom token with the recording's scopes,
// jwt → a users-permissions JWT), and sends every recorded MCP case in order.
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
// @ts-expect-error: plain ES modules shared with the recorder
import { runMcpCases } from '../conformance/mcp/lib.mjs';

export interface McpAnswer { status: number; contentType: string; allow?: string; body: unknown }
export interface McpCase { id: string; credential: string; request: Record<string, unknown>; capture?: Record<string, string>; answer: McpAnswer }
export interface Credential { type: 'full-access' | 'read-only' | 'custom'; scopes?: string[]; note?: string }
export interface Recording {
  strapi: string; project: string; seed: Record<string, unknown>[]; credentials: Record<string, Credential>; cases: McpCase[];
}

const REPO = join(import.meta.dirname, '..', '..');
const ENV = {
  CMS_JWT_SECRET: 'mcp-replay-jwt-secret-0123456789abcdef0123456789',
  CMS_API_TOKEN_SALT: 'mcp-replay-salt-0123456789abcdef0123456789abcdef',
};
/** The user the recorder registers for the `jwt` cases (record.mjs). */
const AGENT_USER = { username: 'mcp-agent', email: 'mcp-agent@example.com', password: 'mcp-agent-0123' };

/** A copy of the recording's project with the MCP server turned on. */
function projectCopy(project: string): string {
  const root = mkdtempSync(join(tmpdir(), 'cms-mcp-replay-'));
  cpSync(join(REPO, project), root, { recursive: true });
  const configFile = join(root, 'cms.config.json');
  const config = existsSync(configFile) ? JSON.parse(readFileSync(configFile, 'utf8')) : {};
  writeFileSync(configFile, JSON.stringify({ ...config, mcp: { ...config.mcp, enabled: true } }, null, 2));
  return root;
}

/** The answers by case id, the copy's root, and the cms to close. */
export async function replayMcp(recording: Recording, logged: string[]) {
  const root = projectCopy(recording.project);
  const cms: Cms = await createCms({ root, env: ENV, report: (line) => logged.push(line) });
  const code = existsSync(join(root, 'src')) ? await startProjectCode(cms) : undefined;
  const extensions = code ? [...EXTENSIONS, projectRoutes(code)] : EXTENSIONS;
  const app = createApp(cms, { log: (line) => logged.push(line), extensions });
  const send = (path: string, init: RequestInit) => Promise.resolve(app.request(path, init));
  const keys: Record<string, string> = {};
  for (const [name, { type, scopes }] of Object.entries(recording.credentials)) {
    keys[name] = (await cms.auth.tokens.create({ name: `mcp-${name}`, type, ...(scopes ? { permissions: scopes } : {}) })).accessKey;
  }
  const vars: Record<string, unknown> = { token: keys.full };
  const book = createNameBook();
  for await (const { kase, answer } of runCases(recording.seed, send, vars, book, { lenient: true })) {
    if (answer.status >= 300) logged.push(`seed ${kase.id}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
  }
  const registered = await send('/api/auth/local/register', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(AGENT_USER),
  });
  const jwt = registered.ok ? ((await registered.json()) as { jwt?: string }).jwt : undefined;
  keys.jwt = jwt ?? 'no-jwt-registered';
  for (const [name, key] of Object.entries(keys)) vars[`key:${name}`] = key;
  const answers = new Map<string, McpAnswer>();
  for await (const { kase, answer } of runMcpCases(recording.cases, send, { keys, vars, book, lenient: true })) {
    if (process.env.MCP_REPLAY_TRACE) process.stderr.write(`${kase.id} ${answer.status}\n`);
    answers.set(kase.id, answer);
  }
  return { answers, root, cms };
}
