import type { Cms } from '../../core/cms.js';
import { publicCaller } from '../../core/access/permissions.js';
import { describeTypes } from '../../core/project/describe-types.js';

/**
 * What `cms serve` prints once listening: documents indexed and the time taken, then a few URLs
 * the Public role can open right away (a list, one document populated, a single type, the index).
 */
export function startBanner(cms: Cms, origin: string, elapsedMs: number): string {
  const prefix = cms.config.api.rest.prefix;
  const types = describeTypes(cms.contentTypes(), cms.index, publicCaller(cms.config), prefix);
  const documents = types.reduce((sum, type) => sum + type.documents, 0);
  const problems = cms.problems().length;
  const skipped = problems ? ` (${problems} malformed file(s) skipped: run cms validate)` : '';
  const lines = [`Indexed ${documents} document(s) of ${types.length} type(s); ready in ${Math.round(elapsedMs)} ms${skipped}`];
  const collection = types.find((type) => type.kind === 'collectionType' && type.public.includes('find'));
  const single = types.find((type) => type.kind === 'singleType' && type.public.includes('find'));
  const tries: string[] = [];
  if (collection) tries.push(`${origin}${collection.path}`);
  const documentId = collection?.public.includes('findOne')
    ? cms.index.rows(collection.uid).find((row) => row.status === 'published' || !collection.draftAndPublish)?.documentId
    : undefined;
  if (collection && documentId) tries.push(`${origin}${collection.path}/${documentId}?populate=*`);
  if (single) tries.push(`${origin}${single.path}`);
  tries.push(`${origin}/   (the API index; cms ls lists every type)`);
  if (!collection && !single) {
    lines.push('The Public role may read nothing yet: grant "find" in cms.config.json permissions.public, '
      + 'or send an API token (cms token create).');
  }
  lines.push('Try:', ...tries.map((url) => `  ${url}`));
  return `${lines.join('\n')}\n`;
}
