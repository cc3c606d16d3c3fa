import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isUnparsed } from '../../core/index/snapshot/snapshot-record.js';
import { ARTICLES as A } from '../contract/sample-site.js';
import { copySampleSite } from '../helpers/project.js';
import { answers, snapshotPath, start } from './helpers.js';

describe('index snapshot: fields read ahead in blocks', () => {
  it('fills every unread record a list reads from one block, and leaves a damaged one to be read alone (from its file)', async () => {
    const root = copySampleSite();
    await start(root);
    // Same length, so every offset holds: only the CRC-32 of this one record fails.
    const bytes = readFileSync(snapshotPath(root));
    bytes.write('The best coffee in Pisa', bytes.indexOf('The best coffee in Rome'));
    writeFileSync(snapshotPath(root), bytes);
    const { cms } = await start(root);
    const rows = cms.index.scopedRows('api::article.article', { status: 'published', locale: 'en' });
    const records = () => rows.map((row) => cms.index.record(row.file)!);
    expect(records().every(isUnparsed)).toBe(true);
    cms.index.readAhead(rows);
    const rome = `content/articles/${A.rome}.json`;
    expect(records().filter(isUnparsed).map((record) => record.file)).toEqual([rome]);
    expect(await answers(cms)).toEqual(await answers((await start(root, false)).cms));
  });
});
