#!/usr/bin/env node
// node test/import/migration/recorded-strapi.mjs -- COMMAND [ARGS…]
// A stand-in for a running Strapi 5.54 (docs/guide/migrating-from-strapi.md runs it): serves, on a free local
// port, the answers the real Strapi gave `cms import` when migration/record.mjs recorded the migration
// (recording.json's tape: a project of events and articles, media, two locales, drafts), runs COMMAND with
// the address in STRAPI_URL, and stops with the command, exiting with its status. A request the recording
// does not hold answers 404 and is named on stderr.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

const separator = process.argv.indexOf('--');
const [command, ...args] = separator < 0 ? [] : process.argv.slice(separator + 1);
if (!command) {
  process.stderr.write('usage: recorded-strapi.mjs -- COMMAND [ARGS…]\n');
  process.exit(2);
}
const { tape } = JSON.parse(readFileSync(join(import.meta.dirname, 'recording.json'), 'utf8'));
const server = createServer((request, response) => {
  const answer = tape[request.url ?? ''];
  if (!answer) {
    process.stderr.write(`recorded-strapi: no recorded answer for ${request.url}\n`);
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"data":null,"error":{"status":404,"name":"NotFoundError"}}');
    return;
  }
  response.writeHead(answer.status, { 'content-type': answer.type })
    .end(answer.json !== undefined ? JSON.stringify(answer.json) : Buffer.from(answer.base64, 'base64'));
});
server.listen(0, '127.0.0.1', () => {
  const child = spawn(command, args, {
    stdio: 'inherit', env: { ...process.env, STRAPI_URL: `http://127.0.0.1:${server.address().port}` },
  });
  const stop = (code) => { server.closeAllConnections(); server.close(); process.exitCode = code; };
  child.on('exit', (code, signal) => stop(code ?? (signal ? 1 : 0)));
  child.on('error', (error) => { process.stderr.write(`recorded-strapi: ${error.message}\n`); stop(1); });
});
