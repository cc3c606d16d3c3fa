// The torture run's client: every request it sends, every write acknowledged (with the origin's ref and the writer lock's
// holder at that moment), and the phases' figures.
import { performance } from 'node:perf_hooks';

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN;
};
export const nonce = () => Math.random().toString(36).slice(2, 10);
export { percentile };

export function createClient({ info, originRef, replicas }) {
  const auth = { authorization: `Bearer ${info.token}` };
  const acks = [];        // every acknowledged write: { phase, method, path, data, id, ms, originAt, commit, writer, at }
  const failures = {};    // status → count (not acknowledged: fine, but counted)
  const phases = [];
  const state = { cookie: '', phase: '' };

  async function send(base, method, path, data, { track = true, headers = {} } = {}) {
    const started = performance.now();
    let response;
    try {
      response = await fetch(`${base}/api${path}`, {
        method, headers: { ...auth, 'content-type': 'application/json', ...headers },
        body: data ? JSON.stringify({ data }) : undefined, signal: AbortSignal.timeout(60_000),
      });
    } catch (error) {
      failures[error.name] = (failures[error.name] ?? 0) + 1;
      return undefined;
    }
    const originAt = originRef();
    const body = response.status === 204 ? undefined : await response.json().catch(() => undefined);
    const ms = performance.now() - started;
    if (response.status >= 300) {
      failures[response.status] = (failures[response.status] ?? 0) + 1;
      return { status: response.status, body };
    }
    const commit = response.headers.get('x-cms-commit') ?? undefined;
    // `<term> <writer URL> <time>`: the lock the write was made under, still held at that time (PostgreSQL's election).
    const writer = response.headers.get('x-cms-writer') ?? undefined;
    state.cookie = response.headers.get('set-cookie')?.split(';')[0] ?? state.cookie;
    if (track) {
      acks.push({ phase: state.phase, method, path, data, id: body?.data?.documentId ?? path.split('/')[2], ms, originAt, commit, writer,
        at: performance.now() });
    }
    return { status: response.status, body, ms, commit };
  }

  async function phase(name, run) {
    state.phase = name;
    const before = acks.length, started = performance.now();
    await run();
    const seconds = (performance.now() - started) / 1000;
    const done = acks.slice(before);
    phases.push({
      name, acks: done.length,
      get missing() { return done.filter((ack) => ack.missing).length; },
      get early() { return done.filter((ack) => ack.early).length; },
      seconds: +seconds.toFixed(2), 'writes/s': +(done.length / seconds).toFixed(1),
      'p95 ms': Math.round(percentile(done.map((ack) => ack.ms), 0.95)),
    });
  }

  return {
    auth, acks, failures, phases, send, phase,
    get cookie() { return state.cookie; },
    pick: (at) => (at % (replicas + 1) === replicas ? info.balancer : info.replicas[at % replicas]),
    createTag: (base, name = `Tag ${nonce()}`) => send(base, 'POST', '/tags', { name, color: 'red' }),
    clients: (count, each, body) => Promise.all(Array.from({ length: count }, (_, client) => (async () => {
      for (let at = 0; at < each; at++) await body(client, at);
    })())),
  };
}
