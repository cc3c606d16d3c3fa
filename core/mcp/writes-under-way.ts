/**
 * The writing tool calls one `/mcp` request has started. Strapi bounds a request by `requestTimeoutMs` and answers
 * `Internal error` past it while the tool goes on and its write may land: an agent then retries a write that was made.
 * Here a request past its bound first closes this (a writing call that had not started never starts), then waits for
 * the calls under way, so their answers say what happened.
 */
export class WritesUnderWay {
  private readonly pending = new Set<Promise<unknown>>();
  private closedBy: string | undefined;

  /** `work()` counted as under way; refused without running once the request is past its bound. */
  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.closedBy !== undefined) return Promise.reject(new Error(`${this.closedBy}: nothing was written`));
    const running = work();
    this.pending.add(running);
    const done = () => this.pending.delete(running);
    running.then(done, done);
    return running;
  }

  /** No writing call starts from now on; how many are under way (the request waits for those). */
  close(reason: string): number {
    this.closedBy = reason;
    return this.pending.size;
  }

  /** When every call under way has finished, however it finished. */
  settled(): Promise<unknown> {
    return Promise.allSettled([...this.pending]);
  }
}
