import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { internRepeatedValues } from '../../core/index/intern-values.js';
import { StringPool } from '../../core/index/string-pool.js';
import { readContentFile } from '../../core/index/read-file.js';
import { copySampleSite } from '../helpers/project.js';

describe('a load shares the texts documents repeat', () => {
  it('leaves every field of every sample file equal to what the file holds (relations, media, components, zones, enumerations)', async () => {
    const root = copySampleSite();
    const cms = await createCms({ root, indexSnapshot: false, report: () => {} });
    const { models, config } = cms.index;
    const pool = new StringPool();
    let checked = 0;
    for (const model of models.values()) {
      if (model.modelType !== 'contentType') continue;
      for (const file of cms.index.files(`content/${model.uid === 'plugin::upload.file' ? 'upload' : model.pluralName}/`)) {
        const text = readFileSync(join(root, file), 'utf8');
        const plain = readContentFile(file, text, 0, model, models, config);
        const shared = readContentFile(file, text, 0, model, models, config, pool);
        expect(shared, file).toEqual(plain);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('keeps values that are not texts as they are (objects in a relation list, numbers, null)', async () => {
    const root = copySampleSite();
    const cms = await createCms({ root, indexSnapshot: false, report: () => {} });
    const { models } = cms.index;
    const article = models.get('api::article.article')!;
    expect(article.attributes.tags.type).toBe('relation');
    const fields = Object.assign(Object.create(null), { tags: [{ documentId: 'x1' }, 't1', 7], views: 3, cover: null, title: 'T' });
    internRepeatedValues(fields, article, models, new StringPool());
    expect({ ...fields }).toEqual({ tags: [{ documentId: 'x1' }, 't1', 7], views: 3, cover: null, title: 'T' });
  });
});
