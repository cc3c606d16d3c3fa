import { describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { FileError } from '../../core/errors.js';
import { MAX_BODY_DEPTH } from '../../core/parsers/json-depth.js';
import { createFromNdjson } from '../../core/strapi/create-from-ndjson.js';
import { copySampleSite } from '../helpers/project.js';

describe('createFromNdjson bounds each line as the HTTP body is bounded', () => {
  it('refuses a line nested deeper than MAX_BODY_DEPTH with the body\'s 400, before the write path sees it', async () => {
    const cms = await createCms({ root: copySampleSite(), report: () => {} });
    const open = '{"type":"list","format":"unordered","children":['.repeat(50_000);
    const nested = `${open}{"type":"text","text":"x"}${']}'.repeat(50_000)}`;
    const deep = `{"title":"Deep","body":[${nested}]}`;
    const text = `{"title":"Kept"}\n${deep}\n`;
    const run = async () => {
      for await (const _ of createFromNdjson(cms.ownerApi, { path: '/articles', search: '', text, source: 'deep.ndjson' })) void _;
    };
    const error = await run().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FileError);
    expect((error as Error).message).toMatch(/^400 ValidationError: The request body is nested too deep: at most 100 levels/);
  });
});
