// strapi.plugin('upload').service('upload').upload and Strapi's map form strapi.plugins['upload'].services.upload, as
// project code calls them (a bulk image upload, as real projects write one): files stored as POST /api/upload stores them, the caller's
// temp files left where they are.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { startProjectCode } from '../../core/extensions/start.js';
import { makeProject } from '../helpers/project.js';

const ARTICLE = {
  kind: 'collectionType', info: { singularName: 'article', pluralName: 'articles', displayName: 'Article' },
  options: { draftAndPublish: false }, attributes: { title: { type: 'string' } },
};
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const bootstrap = (call: string) => `'use strict';
const fs = require('fs');
const path = require('path');
module.exports = {
  async bootstrap({ strapi }) {
    const filepath = path.join(__dirname, '..', 'swatch.png');
    const made = await ${call}({
      data: { fileInfo: { name: 'Swatch', alternativeText: 'A swatch' } },
      files: { filepath, originalFilename: 'swatch.png', mimetype: 'image/png' },
    });
    fs.writeFileSync(path.join(__dirname, '..', 'made.json'), JSON.stringify(made));
  },
};
`;

async function run(call: string) {
  const root = makeProject({ 'schemas/api/article/content-types/article/schema.json': ARTICLE, 'cms.config.json': {},
    'src/index.js': bootstrap(call) });
  writeFileSync(join(root, 'swatch.png'), PNG);
  const cms = await createCms({ root, report: () => {} });
  await startProjectCode(cms);
  return { root, cms };
}

describe('the upload plugin\'s upload service', () => {
  it.each([
    ['strapi.plugin(\'upload\').service(\'upload\').upload', "strapi.plugin('upload').service('upload').upload"],
    ['strapi.plugins[\'upload\'].services.upload.upload', "strapi.plugins['upload'].services.upload.upload"],
  ])('%s stores the file with its fileInfo and leaves the given file in place', async (_name, call) => {
    const { root, cms } = await run(call);
    const made = JSON.parse(readFileSync(join(root, 'made.json'), 'utf8')) as { url: string };
    expect(made).toMatchObject({ name: 'Swatch', alternativeText: 'A swatch', mime: 'image/png', width: 1, height: 1 });
    expect(existsSync(join(root, 'public', made.url))).toBe(true);
    expect(existsSync(join(root, 'swatch.png'))).toBe(true);
    await cms.close();
  });
});
