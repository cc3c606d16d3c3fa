// cli/bundle-listhen.mjs joins listhen into the serve chunk with its TLS (node-forge), QR-code (uqr) and logging (consola)
// packages loaded on first use. Bundled here with the same plugin, then run in a child process (a fresh module cache):
// plain HTTP loads none of them, HTTPS still makes its certificate and answers, and the printed URLs are listhen's own.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { rolldown } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isExternalPackage, listhenPlugin } from '../../cli/bundle-listhen.mjs';
import { REPO_ROOT } from '../helpers/project.js';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'cms-listhen-'));

/** The child: the bundled `listen` on plain HTTP, then on HTTPS; the banner of each `listen`; what was required when. */
const CHILD = (bundled: string) => `
import { createRequire } from 'node:module';
import { get } from 'node:https';
const required = () => [...new Set(Object.keys(createRequire('/').cache)
  .map((path) => /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(path)?.[1]).filter(Boolean))].sort();
const options = { port: { port: 0, random: true }, hostname: '127.0.0.1', showURL: false, isProd: true, qr: false };
const banner = async (listener) => {
  const lines = [];
  const log = console.log;
  console.log = (text) => lines.push(text);
  try { await listener.showURL(); } finally { console.log = log; }
  return lines.join('\\n').replaceAll(String(new URL(listener.url).port), 'PORT');
};
const { listen } = await import(${JSON.stringify(bundled)});
const plain = await listen((req, res) => res.end('plain'), options);
const plainBody = await (await fetch(plain.url)).text();
const plainRequired = required();
const plainBanner = await banner(plain);
const secure = await listen((req, res) => res.end('secure'), { ...options, https: { bits: 1024 } });
const secureBody = await new Promise((resolve, reject) => {
  get(secure.url, { rejectUnauthorized: false }, (res) => { let body = ''; res.on('data', (chunk) => { body += chunk; }); res.on('end', () => resolve(body)); })
    .on('error', reject);
});
const original = await (await import('listhen')).listen((req, res) => res.end(), options);
const originalBanner = await banner(original);
await Promise.all([plain.close(), secure.close(), original.close()]);
process.stdout.write(JSON.stringify({ plainUrl: plain.url, plainBody, plainRequired, plainBanner, secureUrl: secure.url, secureBody, secureRequired: required(), originalBanner }));
`;

beforeAll(async () => {
  // node_modules beside the bundle, as dist/ has it: the bundle requires listhen's packages from listhen's folder.
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'));
  mkdirSync(join(dir, 'out'));
  writeFileSync(join(dir, 'entry.mjs'), "export { listen } from 'listhen';\n");
  const build = await rolldown({ input: join(dir, 'entry.mjs'), platform: 'node', external: isExternalPackage, plugins: [listhenPlugin()] });
  await build.write({ format: 'es', dir: join(dir, 'out'), entryFileNames: 'listen.mjs' });
  await build.close();
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('listhen bundled with its TLS, QR and log packages on first use', { timeout: 120_000 }, () => {
  it('listens on plain HTTP without node-forge, uqr or consola, HTTPS still answers, and prints the URLs listhen prints', async () => {
    const script = join(dir, 'child.mjs');
    writeFileSync(script, CHILD(pathToFileURL(join(dir, 'out/listen.mjs')).href));
    const { stdout } = await run(process.execPath, [script], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
    const result = JSON.parse(stdout) as Record<string, string | string[]>;
    expect(result.plainUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(result.plainBody).toBe('plain');
    for (const name of ['node-forge', 'uqr', 'consola']) expect(result.plainRequired).not.toContain(name);
    expect(result.plainRequired).toContain('http-shutdown');
    expect(result.secureUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/$/);
    expect(result.secureBody).toBe('secure');
    expect(result.secureRequired).toContain('node-forge');
    expect(result.plainBanner).toContain('http://127.0.0.1:PORT/');
    expect(result.plainBanner).toBe(result.originalBanner);
  });
});
