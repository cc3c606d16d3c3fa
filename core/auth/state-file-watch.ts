import { HeldFile } from '../storage/held-file.js';

/** Requests started in this process (see `requestStarted`): a look made for one request is never reused by the next. */
let requests = 0;
/** Settled: a `then` on it is the cheapest way to run a function at the next microtask checkpoint (see `forget`). */
const SETTLED = Promise.resolve();

/**
 * Called by a server as each request starts (before anything of it is answered), and before the requests it answers
 * together after a turn's reads (core/http/turn-answers.ts): what the state file checks looked at so far no longer
 * counts, so every request is answered on a look at the file made after its bytes were read.
 */
export function requestStarted(): void {
  requests++;
}

/**
 * Says whether the auth state file changed since it was last read, with one `fstat` of the file as read, held open
 * (HeldFile, core/storage/held-file.ts).
 *
 * Another process (`cms token revoke`, a role change by the CLI) replaces the file with a rename, which drops the link
 * count of the file this process holds to 0 before that process returns; a write in place changes its size or times.
 * So a look made after a request's bytes were read sees every change finished before the request was sent: no event
 * ordering is relied on. (An inotify watch was: its event was taken to reach the event loop before the request, but
 * the socket's epoll entry, queued again after the previous request (level-triggered), can be reported first:
 * `strace` showed `epoll_pwait` → [socket, eventfd, inotify] and the request answered from the old state.)
 *
 * A look is reused, without a system call, only within one synchronous run (until the next microtask checkpoint)
 * and until the next request starts (`requestStarted`): every request answered meanwhile was read before the look,
 * so the credential check and the kept answer's freshness of one request cost one `fstat` together (about 1 µs of
 * CPU here; see docs/reference/performance.md), and so do those of all the credentialed reads one turn of the event
 * loop read, answered together once it has read them (core/http/turn-answers.ts).
 *
 * @example
 * const changes = new StateFileWatch('/site/.cms/state.json');
 * if (changes.stale) parse(changes.read());
 */
export class StateFileWatch extends HeldFile {
  /** The request during which the last look found nothing changed (-1: no look to reuse). */
  private lookedFor = -1;
  /** A microtask to forget the look is queued (one per synchronous run). */
  private forgetting = false;
  private readonly forget = () => {
    this.forgetting = false;
    this.lookedFor = -1;
  };

  /** True when the file may differ from what `read()` last returned (one look per request and synchronous run). */
  get stale(): boolean {
    if (this.lookedFor === requests && this.known) return false;
    if (this.changed()) return true;
    this.lookedFor = requests;
    if (!this.forgetting) {
      this.forgetting = true;
      // (Not queueMicrotask: Node makes an async resource and a bound function for each, some 40 ns more per request.)
      void SETTLED.then(this.forget);
    }
    return false;
  }

  /** Mark the file stale (a look at it failed): the next read reads it again. */
  override invalidate(): void {
    super.invalidate();
    this.lookedFor = -1;
  }
}
