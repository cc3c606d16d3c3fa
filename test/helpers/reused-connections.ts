// A setup file (vitest.config.ts). Node's fetch keeps an idle connection for 4 s after the server's `Keep-Alive: timeout=5`,
// dropped by a timer of about a second's grain: on a loaded machine it reuses a connection the server has just closed as
// idle, and a GET fails with `ECONNRESET` or `other side closed` before any answer (CI at load 21: branch-kept-reads, its
// requests around git pushes). Browsers and HTTP clients send such an idempotent request again on a new connection; the
// tests' fetch does too, once. Anything else (another method, a refused connection, a second failure) fails as before.
const WRAPPED = Symbol.for('cms.test.fetch-asks-again');

const closedUnanswered = (error: unknown): boolean =>
  ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'].includes((error as { cause?: { code?: string } })?.cause?.code ?? '');

const methodOf = (input: Parameters<typeof fetch>[0], init?: RequestInit): string =>
  (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();

if (!(globalThis.fetch as unknown as Record<symbol, boolean>)[WRAPPED]) {
  const once = globalThis.fetch;
  const fetchAgain = async (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
    try {
      return await once(input, init);
    } catch (error) {
      const method = methodOf(input, init);
      if ((method !== 'GET' && method !== 'HEAD') || !closedUnanswered(error)) throw error;
      return once(input, init);
    }
  };
  globalThis.fetch = Object.assign(fetchAgain, { [WRAPPED]: true }) as typeof fetch;
}
