import { getParser } from '../../parsers/index.js';
import { markdownBodyAttribute } from '../../index/read-file.js';
import type { Model, Models } from '../../schema/types.js';
import { fileLayout } from '../../storage/merge-layout.js';
import { serializeDocument } from '../../storage/serialize.js';
import type { Data } from '../../types.js';
import { conflictPlaceholder, insertConflictBlocks } from './conflict-blocks.js';
import { mergeLines, type MergedText } from './merge-lines.js';
import { modelShape } from './schema-shapes.js';
import { hasConflict, mergeValues } from './three-way.js';

const later = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);
/** Timestamps never conflict: the earliest creation, the latest update and publication. */
const TIMESTAMP_RULES = {
  createdAt: (a: string, b: string) => (later(a, b) === a ? b : a),
  updatedAt: later,
  publishedAt: later,
} as const;
type TimestampKey = keyof typeof TIMESTAMP_RULES;
const TIMESTAMP_KEYS = Object.keys(TIMESTAMP_RULES) as TimestampKey[];

function mergeTimestamp(key: TimestampKey, base: unknown, ours: unknown, theirs: unknown): unknown {
  if (ours === theirs || base === theirs) return ours;
  if (base === ours) return theirs;
  const isDate = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));
  if (isDate(ours) && isDate(theirs)) return TIMESTAMP_RULES[key](ours, theirs);
  // A side that dropped the line (timestamps from history) wins over one that moved it.
  return ours === undefined || theirs === undefined ? undefined : ours;
}

interface Version { fields: Record<string, unknown>; body: string | undefined }

function parseVersion(text: string, path: string): Version {
  if (text.trim() === '') return { fields: {}, body: undefined };
  const parsed = getParser(path)!.parse(text, path);
  if (!parsed.data || typeof parsed.data !== 'object' || Array.isArray(parsed.data)) throw new Error(`${path}: not an object of fields`);
  return { fields: { ...(parsed.data as Record<string, unknown>) }, body: parsed.body };
}

async function mergeBody(
  base: string | undefined, ours: string | undefined, theirs: string | undefined, labels: { path: string; markerSize?: number },
): Promise<MergedText> {
  if (ours === theirs || base === theirs) return { text: ours ?? '', conflicts: 0 };
  if (base === ours) return { text: theirs ?? '', conflicts: 0 };
  const merged = await mergeLines(`${base ?? ''}\n`, `${ours ?? ''}\n`, `${theirs ?? ''}\n`, labels);
  return { text: merged.text.replace(/\n$/, ''), conflicts: merged.conflicts };
}

export interface MergeInput {
  base: string;
  ours: string;
  theirs: string;
  /** The file's path: it picks the format and labels the conflict markers. */
  path: string;
  markerSize?: number;
}

/**
 * The 3-way merge of one content file, field by field: fields only one side changed are taken,
 * relation lists merge as ordered sets, components per field, timestamps by rule, a Markdown body
 * line by line; a field both sides changed differently gets conflict markers around that field
 * only. Written in canonical form, YAML edited on our text so its comments stay. Throws when a
 * version does not parse (the caller then merges lines).
 *
 * @example
 * const { text, conflicts } = await mergeDocument({ base, ours, theirs, path: 'content/articles/x.json' }, models, model);
 */
export async function mergeDocument(input: MergeInput, models: Models, model: Model): Promise<MergedText> {
  const [base, ours, theirs] = [input.base, input.ours, input.theirs].map((text) => parseVersion(text, input.path));
  const timestamps = Object.fromEntries(TIMESTAMP_KEYS.map((key) => {
    const value = mergeTimestamp(key, base.fields[key], ours.fields[key], theirs.fields[key]);
    for (const version of [base, ours, theirs]) delete version.fields[key];
    return [key, value];
  }));
  const fields = mergeValues(base.fields, ours.fields, theirs.fields, modelShape(models, model)) as Data;
  const conflicted = Object.entries(fields).filter(([, value]) => hasConflict(value)).map(([key, value]) => ({ key, value }));
  conflicted.forEach(({ key }, at) => { fields[key] = conflictPlaceholder(at); });
  const body = ours.body === undefined && theirs.body === undefined ? undefined : await mergeBody(base.body, ours.body, theirs.body, input);
  const bodyAttribute = markdownBodyAttribute(model);
  if (body && bodyAttribute) fields[bodyAttribute] = body.text;
  const document = {
    data: fields,
    createdAt: timestamps.createdAt as string | undefined,
    updatedAt: timestamps.updatedAt as string | undefined,
    publishedAt: timestamps.publishedAt as string | null | undefined,
  };
  // The layout both sides are in, so the result is what git's line merge of them gives.
  const format = getParser(input.path)!.name;
  const layout = fileLayout(input.ours, format) ?? fileLayout(input.theirs, format) ?? fileLayout(input.base, format) ?? 'merge-safe';
  let text = serializeDocument(models, model, input.path, document, input.ours.trim() === '' ? undefined : input.ours, layout);
  if (conflicted.length) text = insertConflictBlocks(text, getParser(input.path)!.name === 'json' ? 'json' : 'yaml', conflicted, input);
  return { text, conflicts: conflicted.length + (body?.conflicts ?? 0) };
}
