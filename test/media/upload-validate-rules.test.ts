import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/program.js';
import { REPO_ROOT } from '../helpers/project.js';
import { mediaServer, uploadForm } from './helpers.js';

async function validate(root: string) {
  let stderr = '';
  const io = { stdout: { write: () => true }, stderr: { write: (text: string) => (stderr += text) } };
  const code = await runCli(['validate', '--root', root], { ...io, cwd: REPO_ROOT, env: { ...process.env, CMS_ROOT: undefined } });
  return { code, stderr };
}

const longName = (length: number) => `${'n'.repeat(length - 4)}.txt`;

describe('an upload is checked by the rules cms validate applies to media entries', () => {
  it('refuses a file name over 255 characters with 400, stores nothing, and cms validate stays green', async () => {
    const server = await mediaServer();
    const before = server.uploads();
    const answer = await server.upload(uploadForm([{ name: longName(256), data: 'hello', type: 'text/plain' }]));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ status: 400, name: 'ValidationError', message: 'name must be at most 255 characters' });
    expect(answer.body.error.details.errors).toEqual([{ path: ['name'], message: 'name must be at most 255 characters',
      name: 'ValidationError' }]);
    expect(server.uploads()).toEqual(before);
    expect((await validate(server.root)).code).toBe(0);
  });

  it('a name of exactly 255 characters is stored, and cms validate accepts the entry', async () => {
    const server = await mediaServer();
    const answer = await server.upload(uploadForm([{ name: longName(255), data: 'hello', type: 'text/plain' }]));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const run = await validate(server.root);
    expect(run.code, run.stderr).toBe(0);
  });

  it('refuses a long name given as fileInfo, on upload and on an info update', async () => {
    const server = await mediaServer();
    const named = await server.upload(uploadForm([{ name: 'a.txt', data: 'hello', type: 'text/plain' }],
      { fileInfo: JSON.stringify({ name: 'a'.repeat(300) }) }));
    expect(named.status).toBe(400);
    expect(named.body.error.message).toBe('name must be at most 255 characters');
    const created = await server.upload(uploadForm([{ name: 'a.txt', data: 'hello', type: 'text/plain' }]));
    expect(created.status).toBe(201);
    const entry = server.read(`content/upload/${created.body[0].documentId}.json`);
    const update = await server.upload(uploadForm([], { fileInfo: JSON.stringify({ name: longName(400) }) }), `?id=${created.body[0].id}`);
    expect(update.status).toBe(400);
    expect(update.body.error.message).toBe('name must be at most 255 characters');
    expect(server.read(`content/upload/${created.body[0].documentId}.json`)).toBe(entry);
  });
});
