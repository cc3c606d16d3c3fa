import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { onRealPort, REPO_ROOT } from '../helpers/project.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => { for (const close of closers.splice(0)) await close(); });

/** The bytes of a response's head (status line and header lines) exactly as they came off the socket. */
function rawHead(port: number, path: string, headers = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(
      port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n${headers}Connection: close\r\n\r\n`),
    );
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => { text += chunk; });
    socket.on('end', () => resolve(text.slice(0, text.indexOf('\r\n\r\n'))));
    socket.on('error', reject);
  });
}

/** The head's lines without the time (it differs between any two answers), sorted: the computed answer orders them as h3 does. */
const lines = (head: string) => head.split('\r\n').filter((line) => !/^date:/i.test(line)).sort();

describe('a cached answer is written with the header bytes of the first one', () => {
  it('the cached hit\'s status line and header lines (names, values, case) equal the computed answer\'s', async () => {
    const cms = await createCms({ root: REPO_ROOT, report: () => {} });
    const server = await onRealPort(cms);
    closers.push(server.close);
    for (const [path, headers] of [['/api/articles?populate=*', ''], ['/api/articles', 'Origin: http://localhost:3000\r\n']]) {
      const computed = await rawHead(server.port, path, headers);
      const cached = await rawHead(server.port, path, headers);
      expect(computed).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(computed).toMatch(/\r\netag: /i);
      expect(lines(cached)).toEqual(lines(computed));
    }
  });
});
