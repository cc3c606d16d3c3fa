import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, readdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpuPlacement, onRest, parseCpuList, placeLoad, placeServer, unplace, UNPLACED } from '../../bench/cpu-placement.mjs';

// With BENCH_PIN=1 the Strapi table keeps our server's main thread on a core of its own and the load generators off it
// (bench/cpu-placement.mjs): the placement must be what the table says it is, or be off and say why.

const status = (list: string) => `Name:\tnode\nCpus_allowed:\t3\nCpus_allowed_list:\t${list}\nMems_allowed:\t1\n`;
const here = cpuPlacement({ env: { BENCH_PIN: '1' } });
const ASKED = { BENCH_PIN: '1' };

/** Each thread's allowed CPUs, the main thread's first. */
function threadCpus(pid: number): { main: string; others: string[] } {
  const of = (tid: string) => /^Cpus_allowed_list:\s*(.+)$/m.exec(readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8'))![1].trim();
  const tids = readdirSync(`/proc/${pid}/task`);
  return { main: of(String(pid)), others: tids.filter((tid) => tid !== String(pid)).map(of) };
}

describe('which cores the bench uses', () => {
  it('reads a kernel CPU list, ranges and single CPUs alike, and refuses what is not one', () => {
    expect(parseCpuList('0-1')).toEqual([0, 1]);
    expect(parseCpuList('0,2-3,6\n')).toEqual([0, 2, 3, 6]);
    expect(() => parseCpuList('3-1')).toThrow('not a CPU list: "3-1"');
    expect(() => parseCpuList('a')).toThrow('not a CPU list');
    expect(() => parseCpuList('0-')).toThrow('not a CPU list');
  });

  it('gives the event loops the first allowed core and everything else the others', () => {
    expect(cpuPlacement({ env: ASKED, status: status('2-5'), taskset: () => true })).toEqual({ loop: '2', rest: '3,4,5', all: '2,3,4,5' });
    expect(cpuPlacement({ env: ASKED, status: status('0-1'), taskset: () => true })).toEqual({ loop: '0', rest: '1', all: '0,1' });
  });

  it('places nothing, and says why, unless asked, with one core, without taskset or off Linux', () => {
    for (const env of [{}, { BENCH_PIN: '0' }]) {
      expect(cpuPlacement({ env, status: status('0-1'), taskset: () => true })).toBe(UNPLACED);
    }
    expect(cpuPlacement({ env: ASKED, status: status('0'), taskset: () => true })).toEqual({ off: 'one CPU (0)' });
    expect(cpuPlacement({ env: ASKED, status: status('0-1'), taskset: () => false })).toEqual({ off: 'no taskset (Debian: util-linux)' });
    expect(cpuPlacement({ env: ASKED, status: null, taskset: () => true })).toEqual({ off: 'no /proc/self/status (not Linux)' });
  });

  it('starts a load generator through taskset on the other cores, or as it is when there is no placement', () => {
    expect(onRest('wrk', ['-t1', 'http://x'], { loop: '0', rest: '1,2' })).toEqual(['taskset', ['-c', '1,2', 'wrk', '-t1', 'http://x']]);
    expect(onRest('wrk', ['-t1'], UNPLACED)).toEqual(['wrk', ['-t1']]);
  });
});

describe.skipIf('off' in here)(`a running server and a load process placed on this machine's cores${'off' in here ? ` (${here.off})` : ''}`, () => {
  const placement = here as { loop: string; rest: string; all: string };
  let server: ChildProcess;

  beforeAll(async () => {
    // A server with a worker thread of its own beside V8's and libuv's, waited for until it listens.
    server = spawn(process.execPath, ['--input-type=module', '-e', `
      import { createServer } from 'node:http';
      import { Worker } from 'node:worker_threads';
      new Worker('setInterval(() => {}, 1000)', { eval: true });
      const server = createServer((req, res) => res.end('ok'));
      server.listen(0, '127.0.0.1', () => console.log(server.address().port));`], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = once(server, 'exit').then(([code]) => { throw new Error(`the test server ended (${code}) before listening`); });
    await Promise.race([once(createInterface({ input: server.stdout! }), 'line'), exited]);
  });

  afterAll(async () => {
    if (!server || server.exitCode !== null) return;
    const exited = once(server, 'exit');
    server.kill();
    await exited;
  });

  it("moves the server's main thread to the first core and every other thread of it off that core", () => {
    placeServer(placement, server.pid!);
    const { main, others } = threadCpus(server.pid!);
    expect(parseCpuList(main)).toEqual(parseCpuList(placement.loop));
    expect(others.length).toBeGreaterThan(1);
    for (const cpus of others) expect(parseCpuList(cpus)).toEqual(parseCpuList(placement.rest));
  });

  it('gives every thread of a process back all the CPUs it had', () => {
    unplace(placement, server.pid!);
    const { main, others } = threadCpus(server.pid!);
    for (const cpus of [main, ...others]) expect(parseCpuList(cpus)).toEqual(parseCpuList(placement.all));
  });

  it("moves every thread of a load process, its main thread too, off the event loops' core", () => {
    placeLoad(placement, server.pid!);
    const { main, others } = threadCpus(server.pid!);
    for (const cpus of [main, ...others]) expect(parseCpuList(cpus)).toEqual(parseCpuList(placement.rest));
  });
});
