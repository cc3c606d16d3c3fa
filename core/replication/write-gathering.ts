/** The longest a push waits to gather writes (ms); never more than half a push round either. */
export const GATHER_MAX_MS = 50;

/**
 * Group commit's gathering. Writes that arrive during a push go in the next one; but the writers the push has just
 * answered come back a moment later with their next write, and a push started at once leaves them for the one after:
 * a busy replica settles into two half-size batches, each paying a whole push. So after a push that carried several
 * writes, the next waits until as many as were about then (those it carried, those that arrived meanwhile) have
 * arrived and finished running, at most half a push round and `GATHER_MAX_MS`. A lone editor (one write a push)
 * never waits; and a wait that ends short lowers what the next one waits for.
 *
 * @example
 * const gathering = new WriteGathering();
 * gathering.begin(); await run(); gathering.end(); // around each write
 * await gathering.gather(() => pending.length, round / 2); // before a push
 * gathering.pushed(batch.length, pending.length);  // after it
 */
export class WriteGathering {
  /** Writes running now (validation, files, index), not yet waiting for a push. */
  private underWay = 0;
  /** How many writes the next push expects. */
  private expected = 0;
  private wake: (() => void) | undefined;

  begin(): void {
    this.underWay++;
    this.wake?.();
  }

  end(): void {
    this.underWay--;
    this.wake?.();
  }

  /** A push carried `carried` writes while `waiting` more arrived: about that many are expected for the next. */
  pushed(carried: number, waiting: number): void {
    this.expected = carried + waiting + this.underWay;
  }

  /** Resolves once `waiting()` reaches the writes expected and none is still running, or after `limitMs` (at most `GATHER_MAX_MS`). */
  async gather(waiting: () => number, limitMs: number): Promise<void> {
    if (this.expected <= 1) return;
    const until = Date.now() + Math.min(limitMs, GATHER_MAX_MS);
    while ((this.underWay > 0 || waiting() < this.expected) && Date.now() < until) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, until - Date.now());
        this.wake = () => { clearTimeout(timer); resolve(); };
      });
    }
    this.wake = undefined;
  }
}
