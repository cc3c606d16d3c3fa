// The 3-replica `cms cluster` a torture run loads: a copy of this repository's sample site, committed, then clustered.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const git = (cwd, ...args) => execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 1 << 28 }).trim();

/** The main ref of the bare repository at `repo` at this instant: the loose ref, else packed-refs (no git process on the hot path). */
const mainRefIn = (repo) => {
  const loose = join(repo, 'refs/heads/main');
  if (existsSync(loose)) return readFileSync(loose, 'utf8').trim();
  const packed = existsSync(join(repo, 'packed-refs')) ? readFileSync(join(repo, 'packed-refs'), 'utf8') : '';
  return /^([0-9a-f]{40}) refs\/heads\/main$/m.exec(packed)?.[1];
};

/**
 * Start `cms cluster` with `replicas` replicas in a temp folder; resolves with its printed info, its folder, the state store's
 * URL, `originRef()` (the origin's main at this instant) and `stop()` (SIGTERM, resolving its exit code).
 */
export async function startTortureCluster(repo, bin, replicas) {
  const work = mkdtempSync(join(tmpdir(), 'cms-torture-replicas-'));
  const project = join(work, 'project');
  mkdirSync(project);
  const copied = ['schemas', 'content', 'public', 'cms.config.json'].map((entry) => `${repo}/${entry}`);
  execFileSync('cp', ['-r', ...copied, '--target-directory', project]);
  git(project, 'init', '--quiet', '--initial-branch=main');
  git(project, 'add', '-A');
  git(project, '-c', 'user.name=torture', '-c', 'user.email=t@localhost', 'commit', '--quiet', '-m', 'torture seed');
  const dir = join(work, 'cluster');
  const args = [bin, 'cluster', '--replicas', String(replicas), '--port', '0', '--dir', dir, '--root', project];
  const cluster = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  cluster.stderr.on('data', (chunk) => { log += chunk; });
  const info = await new Promise((resolveInfo, reject) => {
    let out = '';
    cluster.stdout.on('data', (chunk) => { out += chunk; if (out.includes('\n')) resolveInfo(JSON.parse(out.split('\n')[0])); });
    cluster.once('exit', (code) => reject(new Error(`cms cluster exited (${code}): ${log}`)));
  });
  // The origin's main at this instant. During the outage phase the bench has moved the origin to `<origin>.away`, where no
  // replica can push: what it holds was on the origin before the move, so an answer that lands just after the move (its
  // push done just before) is still read right.
  const originRef = () => mainRefIn(info.origin) ?? mainRefIn(`${info.origin}.away`) ?? 'unreachable';
  const stop = () => {
    cluster.kill('SIGTERM');
    return new Promise((resolveExit) => cluster.once('exit', resolveExit));
  };
  return { work, dir, info, stateUrl: readFileSync(join(dir, 'state.url'), 'utf8').trim(), originRef, stop };
}
