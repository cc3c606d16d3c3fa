import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { loadModels } from '../schema/registry.js';
import { UPLOAD_FILE_UID, type Model, type Models } from '../schema/types.js';
import { storesContentFiles } from '../schema/user-model.js';
import { mergeDocument } from './merge/merge-document.js';
import { mergeLines } from './merge/merge-lines.js';

export interface MergeFiles {
  /** The common ancestor's version (git's `%O`). */
  base: string;
  /** Our version, where the result is written (git's `%A`). */
  ours: string;
  /** Their version (git's `%B`). */
  theirs: string;
  /** The file's path in the repository (git's `%P`): it picks the format and the schema. */
  path: string;
  /** Conflict marker length (git's `%L`). */
  markerSize?: number;
  /** Where git runs the driver (the top of the work tree); `%P` is relative to it. */
  cwd: string;
}

/** The project's schemas and the content type of `path` (`<project>/content/<plural>/[<xx>/]<file>`), or none. */
function schemaFor(path: string, cwd: string): { models: Models; model: Model } | undefined {
  // The optional `<xx>/`: a fan-out sub-folder (content-path.ts).
  const match = /^(.*?)(content\/[^/]+\/(?:[A-Za-z0-9_-]{1,2}\/)?[^/]+)$/.exec(path.replace(/\\/g, '/'));
  if (!match) return undefined;
  try {
    const models = loadModels(resolve(cwd, match[1] || '.'));
    const folder = match[2].split('/')[1];
    // As `contentFolder` names them; not imported, so the driver git starts per file stays light.
    const model = [...models.values()].find((candidate) => candidate.modelType === 'contentType' && storesContentFiles(candidate)
      && (candidate.uid === UPLOAD_FILE_UID ? 'upload' : candidate.pluralName) === folder);
    return model ? { models, model } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A git merge driver for content files: the document is merged field by field (see
 * `mergeDocument`), so edits of different fields never conflict whatever their lines, and a field
 * both sides changed differently is the one conflict, with markers around it. A file no schema
 * knows, or a version that does not parse, is merged line by line as git would. Writes the result
 * to `ours` and resolves to the number of conflicts (0: clean). Set up with `.gitattributes`
 * `content/** merge=cms` and `git config merge.cms.driver '<command> %O %A %B %L %P'`.
 *
 * @example
 * const conflicts = await mergeContentFile({ base: '%O', ours: '%A', theirs: '%B', path: 'content/articles/x.json', cwd: '/srv/site' });
 */
export async function mergeContentFile(files: MergeFiles): Promise<number> {
  const [base, ours, theirs] = await Promise.all([files.base, files.ours, files.theirs].map((file) => readFile(file, 'utf8')));
  const input = { base, ours, theirs, path: files.path, markerSize: files.markerSize };
  const schema = schemaFor(files.path, files.cwd);
  let merged;
  try {
    if (!schema) throw new Error('no schema');
    merged = await mergeDocument(input, schema.models, schema.model);
  } catch {
    merged = await mergeLines(base, ours, theirs, input);
  }
  await writeFile(files.ours, merged.text);
  return merged.conflicts;
}
