import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE, builtBundle, MANIFEST, tagOf } from '../../core/http/studio-bundle.js';
import { removeAfterFile } from '../helpers/temp-folders.js';

/** A bundle folder as the build leaves it, with the manifest given (its own JSON text). */
function folder(code: string, manifest: string | undefined): string {
  const dir = removeAfterFile(mkdtempSync(join(tmpdir(), 'studio-bundle-')));
  writeFileSync(join(dir, BUNDLE), code);
  if (manifest !== undefined) writeFileSync(join(dir, MANIFEST), manifest);
  return dir;
}

describe('the build\'s studio bundle is used only when its manifest names its very bytes and the modules they hold', () => {
  const code = 'export const app = 1;\n';
  const inputs = { './app.js': 'abcdefghijklmnop' };

  it('reads a bundle whose manifest names its tag and its inputs', () => {
    const bundle = builtBundle(folder(code, JSON.stringify({ bundle: tagOf(Buffer.from(code)), inputs })));
    expect(bundle && { tag: bundle.tag, inputs: bundle.inputs, code: Buffer.from(bundle.bytes).toString() })
      .toEqual({ tag: tagOf(Buffer.from(code)), inputs, code });
  });

  it('answers none without a manifest, with bytes its manifest does not name (a build under way), or a manifest of another shape', () => {
    expect(builtBundle(folder(code, undefined))).toBeUndefined();
    expect(builtBundle(folder(code, JSON.stringify({ bundle: tagOf(Buffer.from('older')), inputs })))).toBeUndefined();
    expect(builtBundle(folder(code, '{"bundle":'))).toBeUndefined();
    expect(builtBundle(folder(code, JSON.stringify({ bundle: tagOf(Buffer.from(code)) })))).toBeUndefined();
    expect(builtBundle(folder(code, JSON.stringify({ bundle: tagOf(Buffer.from(code)), inputs: null })))).toBeUndefined();
    expect(builtBundle(folder(code, 'null'))).toBeUndefined();
  });
});
