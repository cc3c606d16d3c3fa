import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { reindexFiles } from '../../core/watch/reindex-files.js';
import { writableSite } from '../write/helpers.js';

const TAG = 'cam30tzqd480rk3dlw4dc20m';

/** The sample site with its tags in the fan-out layout (`content/tags/<xx>/<id>.json`). */
function fanOutSite(): string {
  const root = writableSite();
  const file = join(root, 'cms.config.json');
  const config = JSON.parse(readFileSync(file, 'utf8'));
  config.content = { ...config.content, layout: { tags: 'fan-out' } };
  writeFileSync(file, JSON.stringify(config));
  for (const name of readdirSync(join(root, 'content/tags'))) {
    mkdirSync(join(root, 'content/tags', name.slice(0, 2)), { recursive: true });
    renameSync(join(root, 'content/tags', name), join(root, 'content/tags', name.slice(0, 2), name));
  }
  return root;
}

describe('reindexing the files a pull changed, in the fan-out layout', () => {
  it('reads a changed, a new and a removed file under content/<type>/<xx>/ into the index', async () => {
    const root = fanOutSite();
    const cms = await createCms({ root });
    const tags = cms.documents('api::tag.tag');
    const changed = `content/tags/ca/${TAG}.json`;
    writeFileSync(join(root, changed), JSON.stringify({ ...JSON.parse(readFileSync(join(root, changed), 'utf8')), name: 'Pulled' }));
    const added = 'content/tags/zz/zzpulledtag0000000000000.json';
    mkdirSync(join(root, 'content/tags/zz'));
    writeFileSync(join(root, added), JSON.stringify({ name: 'Added by a peer' }));
    const [removed] = readdirSync(join(root, 'content/tags')).filter((name) => name !== 'ca' && name !== 'zz')
      .flatMap((shard) => readdirSync(join(root, 'content/tags', shard)).map((name) => `content/tags/${shard}/${name}`));
    const removedId = removed.split('/')[3].split('.')[0];
    renameSync(join(root, removed), join(root, `${removed}.gone`));

    await reindexFiles(cms, [changed, added, removed], () => {});
    expect(await tags.findOne({ documentId: TAG })).toMatchObject({ name: 'Pulled' });
    expect(await tags.findOne({ documentId: 'zzpulledtag0000000000000' })).toMatchObject({ name: 'Added by a peer' });
    expect(await tags.findOne({ documentId: removedId })).toBeNull();
  });
});
