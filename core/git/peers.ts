/** Sent by a replica telling its peers: a peer's pull route then pulls without telling anyone (no loops). */
export const PEER_HEADER = 'x-cms-peer';
const NOTICE_TIMEOUT_MS = 2000;
const failing = new Set<string>();

/**
 * Tell every peer that the remote moved: `POST <peer>/_cms/git/pull` with the shared pull token,
 * not awaited. A peer that cannot be reached is reported once (and again after it answered); its
 * own poll of the remote catches up anyway.
 *
 * @example
 * notifyPeers(['http://10.0.0.2:1337'], process.env.CMS_GIT_PULL_TOKEN, console.error);
 */
export function notifyPeers(peers: string[], token: string | undefined, report: (message: string) => void): void {
  if (!token) return;
  for (const peer of peers) {
    const headers = { authorization: `Bearer ${token}`, [PEER_HEADER]: '1' };
    fetch(`${peer}/_cms/git/pull`, { method: 'POST', headers, signal: AbortSignal.timeout(NOTICE_TIMEOUT_MS) })
      .then(async (answer) => {
        await answer.body?.cancel();
        if (!answer.ok) throw new Error(`answered ${answer.status}`);
        failing.delete(peer);
      })
      .catch((error: Error) => {
        if (!failing.has(peer)) report(`git: could not tell peer ${peer} about a push (${error.message}); it will see it on its next poll`);
        failing.add(peer);
      });
  }
}
