import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt } from '../cli/built-cli.js';
import { REPO_ROOT } from '../helpers/project.js';
import { requires } from '../helpers/requires.js';

// docs/deployment.md as printed: its nginx and HAProxy configurations load in Debian's nginx and haproxy, and every `cms` command it
// shows names a command and options the CLI has (the cluster itself runs in test/cluster).
const guide = readFileSync(join(REPO_ROOT, 'docs/deployment.md'), 'utf8');
const blocks = (language: string) => [...guide.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((match) => match[1]);

beforeAll(() => ensureBuilt(), 120_000);
const nginx = requires('nginx');
const haproxy = requires('haproxy');

describe('the deployment guide', () => {
  it.skipIf(nginx.skip)(`prints an nginx configuration that nginx -t accepts${nginx.note}`, () => {
    const [config] = blocks('nginx');
    expect(config).toContain('upstream cms_write');
    const prefix = mkdtempSync(join(tmpdir(), 'cms-guide-nginx-'));
    mkdirSync(join(prefix, 'temp'));
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
      .map((kind) => `${kind}_temp_path ${join(prefix, 'temp')};`).join('\n');
    const conf = join(prefix, 'nginx.conf');
    writeFileSync(
      conf, `pid ${join(prefix, 'nginx.pid')};\nerror_log ${join(prefix, 'error.log')};\nevents {}\nhttp {\n${temp}\n${config}}\n`,
    );
    // Throws with nginx's own message when the printed configuration does not load.
    execFileSync('nginx', ['-t', '-q', '-p', prefix, '-c', conf, '-e', join(prefix, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
  });

  it.skipIf(haproxy.skip)(`prints an HAProxy configuration that haproxy -c accepts${haproxy.note}`, () => {
    const [config] = blocks('haproxy');
    const file = join(mkdtempSync(join(tmpdir(), 'cms-guide-haproxy-')), 'haproxy.cfg');
    writeFileSync(file, config);
    // Throws with HAProxy's own message when the printed configuration does not load.
    execFileSync('haproxy', ['-c', '-q', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  });

  it('shows only cms commands and options the CLI knows', () => {
    const commands = blocks('sh').flatMap((block) => [...block.matchAll(/npx cms ([a-z-]+(?: [a-z]+)?)((?: [^&|\n]*)?)/g)]);
    expect(commands.length).toBeGreaterThanOrEqual(4);
    for (const [line, name, rest] of commands) {
      const words = name.split(' ').filter((word) => !word.startsWith('-'));
      const help = execFileSync(process.execPath, [BIN, ...words, '--help'], { encoding: 'utf8' });
      for (const option of rest.match(/--[a-z-]+/g) ?? []) expect(help, `${line}: ${option}`).toContain(option);
    }
    // One CLI process per command shown: seconds each on a loaded machine, more than vitest's default 5 s in all.
  }, 180_000);

  it('shows only benchmarks that exist, with options they read (they run minutes and drop caches: not run here)', () => {
    const runs = blocks('sh').flatMap((block) => [...block.matchAll(/node (bench\/[\w-]+\.mjs)((?: [^&|#\n]*)?)/g)]);
    expect(runs.length).toBeGreaterThanOrEqual(4);
    for (const [line, file, rest] of runs) {
      const source = readFileSync(join(REPO_ROOT, file), 'utf8');
      for (const option of rest.match(/--[a-z-]+/g) ?? []) {
        const name = option.slice(2);
        expect(source.includes(`option('${name}'`) || source.includes(`'--${name}'`), `${line}: ${option}`).toBe(true);
      }
    }
  });
});
