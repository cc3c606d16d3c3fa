import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestStarted } from '../auth/state-file-watch.js';

/** One request's answer, made after the turn's reads; `batch` is the same object for every answer of one turn. */
export type TurnAnswer = (batch: object) => unknown;

/** Hand a request's answer to the end of this turn's reads (see `turnAnswers`). */
export type Later = (req: IncomingMessage, res: ServerResponse, answer: TurnAnswer) => void;

/**
 * Answers that depend on a small file another process may replace (the auth state, for a credential; a branch's refs),
 * made together once the turn of the event loop that read their requests has read its sockets (`setImmediate`: the
 * check phase, after the poll phase). Every one of those requests had arrived before then, so one look at such a file
 * (an `fstat` of it as held: core/storage/held-file.ts) made then sees every change their clients saw finished before
 * asking, whatever order the event loop was told of things in. A turn that read several such requests looks once for
 * all of them instead of once each: an `fstat` is a system call, 0.5–0.7 µs on this machine's VM where a kept
 * answer's own work costs 0.2–0.4 µs (docs/reference/performance.md, 30 Nov 2026).
 *
 * The look is taken afresh for each turn (`requestStarted`): one made earlier, for a request answered at once, came
 * before some of these requests arrived. An answer that throws (never expected: each is answered inside) ends its own
 * connection, not the others'. A GET or HEAD whose socket was destroyed before the turn ended is skipped: nothing is done
 * or logged for it; anything else (a GraphQL POST, which may be a mutation) is carried out. Only requests that a kept
 * answer may answer are handed here (serve.ts asks `mayBeKept`), and every POST to /graphql that graphql-fast.ts reads:
 * a mutation among them goes on to h3 from here, and the anonymous ones wait so that the turn's answers are written
 * together (docs/reference/performance.md, round 23).
 *
 * @example
 * const later = turnAnswers();
 * later(req, res, (batch) => answerBranchKept(cms, cache, name, req, res, next, batch));
 */
export function turnAnswers(): Later {
  let arrived: [IncomingMessage, ServerResponse, TurnAnswer][] = [];
  const answerArrived = () => {
    const answers = arrived;
    arrived = [];
    requestStarted();
    const batch = {};
    for (const [req, res, answer] of answers) {
      try {
        // A read whose client is gone before the turn ended (its socket destroyed: a reset, or its end seen) has no one
        // to answer. A POST is handed here too (a GraphQL POST may be a mutation): it runs, as it would answered at once.
        if (req.socket?.destroyed && (req.method === 'GET' || req.method === 'HEAD')) continue;
        void answer(batch);
      } catch (error) {
        process.stderr.write(`[cms] ${req.method} ${req.url}: ${(error as Error)?.stack ?? String(error)}\n`);
        res.destroy();
      }
    }
  };
  return (req, res, answer) => {
    if (arrived.push([req, res, answer]) === 1) setImmediate(answerArrived);
  };
}
