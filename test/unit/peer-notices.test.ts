import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PEER_HEADER, peerNotices } from '../../core/replication/peers.js';

/** A peer whose answers wait until the test lets them go, as a peer answers a notice only once it has pulled. */
async function heldPeer() {
  const held: ServerResponse[] = [];
  const seen: IncomingMessage[] = [];
  let arrived: () => void = () => undefined;
  const server: Server = createServer((request, answer) => {
    seen.push(request);
    held.push(answer);
    request.resume();
    arrived();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    /** Resolves once `count` notices in all have arrived. */
    until: (count: number) => new Promise<void>((resolve) => {
      arrived = () => { if (seen.length >= count) resolve(); };
      arrived();
    }),
    answerAll: () => { for (const answer of held.splice(0)) answer.end('{"changed":0}'); },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => { for (const close of closers.splice(0)) await close(); });

describe('telling peers of a push', () => {
  it('keeps one notice under way per peer: the pushes made meanwhile are told by one notice after it', async () => {
    const peer = await heldPeer();
    closers.push(peer.close);
    const tell = peerNotices({ peers: [peer.url], token: 'secret', report: () => undefined });
    tell();
    await peer.until(1);
    tell();
    tell();
    tell();
    // Nothing more is sent while the first notice waits for the peer's pull.
    await new Promise((resolve) => setImmediate(resolve));
    expect(peer.seen).toHaveLength(1);
    peer.answerAll();
    await peer.until(2);
    peer.answerAll();
    expect(peer.seen).toHaveLength(2);
    expect(peer.seen[1].headers.authorization).toBe('Bearer secret');
    expect(peer.seen[1].headers[PEER_HEADER]).toBe('1');
    expect(peer.seen[1].url).toBe('/_cms/git/pull');
  });

  it('names the commit pushed (the newest, for notices sent after one under way), so a read asking for it is known real', async () => {
    const peer = await heldPeer();
    closers.push(peer.close);
    const tell = peerNotices({ peers: [peer.url], token: 'secret', report: () => undefined });
    const [first, second, third] = ['a', 'b', 'c'].map((digit) => digit.repeat(40));
    tell(first);
    await peer.until(1);
    tell(second);
    tell(third);
    peer.answerAll();
    await peer.until(2);
    peer.answerAll();
    expect(peer.seen.map((notice) => notice.headers[PEER_HEADER])).toEqual([first, third]);
  });

  it('reports a peer that cannot be reached once, not at every push, and tells the reachable ones all the same', async () => {
    const reachable = await heldPeer();
    closers.push(reachable.close);
    const gone = await heldPeer();
    await gone.close();
    const reports: string[] = [];
    let reported: () => void = () => undefined;
    const report = (line: string) => { reports.push(line); reported(); };
    const tell = peerNotices({ peers: [gone.url, reachable.url], token: 'secret', report });
    const firstReport = new Promise<void>((resolve) => { reported = resolve; });
    tell();
    await firstReport;
    await reachable.until(1);
    reachable.answerAll();
    const secondRefusal = new Promise<void>((resolve) => setTimeout(resolve, 50));
    tell();
    await reachable.until(2);
    reachable.answerAll();
    await secondRefusal;
    expect(reports).toEqual([expect.stringContaining(`could not tell peer ${gone.url} about a push`)]);
  });

  it('a kept-alive connection the peer drops is told again on a new one, without a report', async () => {
    const seen: Array<{ socket: unknown }> = [];
    let arrived: () => void = () => undefined;
    const server: Server = createServer((request, answer) => {
      seen.push({ socket: request.socket });
      request.resume();
      // The second notice comes on the first one's connection: the peer drops it unanswered.
      if (seen.length === 2) request.socket.destroy();
      else answer.end('{"changed":0}');
      arrived();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));
    const until = (count: number) => new Promise<void>((resolve) => {
      arrived = () => { if (seen.length >= count) resolve(); };
      arrived();
    });
    const reports: string[] = [];
    const peer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const tell = peerNotices({ peers: [peer], token: 'secret', report: (line) => reports.push(line) });
    // The second push comes while the first notice is under way: its notice follows on the same connection.
    tell();
    tell();
    await until(3);
    expect(seen[1].socket).toBe(seen[0].socket);
    expect(seen[2].socket).not.toBe(seen[0].socket);
    expect(reports).toEqual([]);
  });

  it('tells nobody without the pull token', async () => {
    const peer = await heldPeer();
    closers.push(peer.close);
    peerNotices({ peers: [peer.url], token: undefined, report: () => undefined })();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(peer.seen).toHaveLength(0);
  });
});
