import { Agent as HttpAgent, request as httpRequest, type ClientRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/**
 * Sent by a replica telling its peers: a peer's pull route then pulls without telling anyone (no loops). Its value is the
 * commit pushed (`1` when none is known, a hosting site's webhook passed on), so a read naming it is known to be real.
 */
export const PEER_HEADER = 'x-cms-peer';
/** A peer answers a notice once it has pulled: one that takes longer is taken as not told (its poll catches up). */
const NOTICE_TIMEOUT_MS = 2000;

/** One peer's notices: at most one under way; pushes meanwhile share the one sent after it. */
interface PeerLine {
  peer: string;
  url: URL;
  sending: boolean;
  again: boolean;
  failing: boolean;
}

export interface PeerNoticesOptions {
  peers: string[];
  /** The cluster's pull token (`CMS_GIT_PULL_TOKEN`): without it, no peer is told. */
  token: string | undefined;
  report: (message: string) => void;
}

/**
 * Tells every peer that the remote moved: `POST <peer>/_cms/git/pull` with the shared pull token, not awaited. A
 * peer answers once it has pulled, and pulls at most twice a second anyway, so each peer has one notice under way at
 * most: the pushes made meanwhile are told by one notice after it, over a kept-alive connection (a busy writer pushes
 * a dozen times a second; a notice apiece cost it a tenth of its CPU). A peer that cannot be reached is reported once
 * (and again after it answered); its own poll of the remote catches up anyway.
 *
 * @example
 * const tell = peerNotices({ peers: ['http://10.0.0.2:1337'], token: process.env.CMS_GIT_PULL_TOKEN, report: console.error });
 * tell(); // after each push
 */
export function peerNotices(options: PeerNoticesOptions): (commit?: string) => void {
  const { token, report } = options;
  /** The last commit pushed: a notice sent later (queued behind one under way) names the newest. */
  let pushed = '1';
  if (!token) return () => undefined;
  const agents = { http: new HttpAgent({ keepAlive: true, maxSockets: 1 }), https: new HttpsAgent({ keepAlive: true, maxSockets: 1 }) };
  const lines: PeerLine[] = options.peers.map((peer) => ({
    peer, url: new URL(`${peer}/_cms/git/pull`), sending: false, again: false, failing: false,
  }));

  const settle = (line: PeerLine, failure: Error | undefined) => {
    if (!failure) line.failing = false;
    else if (!line.failing) {
      line.failing = true;
      report(`git: could not tell peer ${line.peer} about a push (${failure.message}); it will see it on its next poll`);
    }
    line.sending = false;
    if (line.again) send(line);
  };

  function send(line: PeerLine, retry = true): void {
    line.sending = true;
    line.again = false;
    const secure = line.url.protocol === 'https:';
    const request: ClientRequest = (secure ? httpsRequest : httpRequest)(line.url, {
      method: 'POST', agent: secure ? agents.https : agents.http,
      headers: { authorization: `Bearer ${token}`, [PEER_HEADER]: pushed, 'content-length': 0 },
    });
    request.setTimeout(NOTICE_TIMEOUT_MS, () => request.destroy(new Error(`no answer within ${NOTICE_TIMEOUT_MS} ms`)));
    request.once('response', (answer) => {
      answer.resume();
      answer.once('end', () => settle(line, answer.statusCode! < 300 ? undefined : new Error(`answered ${answer.statusCode}`)));
      answer.once('error', (error) => settle(line, error));
    });
    request.once('error', (error) => {
      // A kept-alive connection the peer had just closed: told again, once, on a new one (a notice is safe to repeat).
      // Not only when `reusedSocket` says so: a notice queued behind the one under way gets its connection when that
      // one is freed, and Node then leaves `reusedSocket` false.
      if (retry && (error as NodeJS.ErrnoException).code === 'ECONNRESET') send(line, false);
      else settle(line, error);
    });
    request.end();
  }

  return (commit) => {
    pushed = commit ?? '1';
    for (const line of lines) {
      if (line.sending) line.again = true;
      else send(line);
    }
  };
}
