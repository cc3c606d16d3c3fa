import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { NotFoundError } from '../../core/errors.js';
import { parseJsonText } from '../../core/parsers/json.js';
import { createFromNdjson } from '../../core/strapi/create-from-ndjson.js';
import { parseQueryString } from '../../core/strapi/parse-query.js';
import { BRANCH_OPTION, onBranchOf } from '../branch-option.js';
import { contentTypeArg, documentIdArg, routeId } from '../content-type-arg.js';
import type { CliContext } from '../context.js';
import { UsageError } from '../output.js';

interface WriteOptions {
  root?: string; data?: string; file?: string; status?: string; locale?: string; pretty?: boolean; gitCommit?: boolean; branch?: string;
}

async function readData(ctx: CliContext, options: WriteOptions): Promise<unknown> {
  if (options.data !== undefined && options.file !== undefined) throw new UsageError('give --data or --file, not both');
  if (options.data !== undefined) return { data: parseJsonText(options.data, '--data') };
  if (options.file !== undefined) {
    const path = resolve(ctx.cwd, options.file);
    return { data: parseJsonText(await readFile(path, 'utf8'), options.file) };
  }
  throw new UsageError('give the document fields with --data \'{"title":"Hi"}\' or --file <path.json>');
}

/** `--file` names NDJSON (one document a line) by its extension, or `-` for stdin. */
const isNdjson = (file: string | undefined): file is string => file === '-' || /\.(ndjson|jsonl)$/i.test(file ?? '');

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** `cms create <type> --file docs.ndjson`: every line created in order, each answer's `data` printed as a line. */
async function createMany(ctx: CliContext, type: string, file: string, options: WriteOptions, search: string): Promise<void> {
  if (options.data !== undefined) throw new UsageError('give --data or --file, not both');
  const cms = await loadForWrite(ctx, options);
  const text = file === '-' ? await readStdin() : await readFile(resolve(ctx.cwd, file), 'utf8');
  let created = 0;
  for await (const body of createFromNdjson(
    cms.ownerApi, { path: `/${routeId(contentTypeArg(cms, type))}`, search, text, source: file === '-' ? '<stdin>' : file },
  )) {
    ctx.stdout.write(`${JSON.stringify((body as { data: unknown }).data)}\n`);
    created++;
  }
  ctx.stderr.write(`created ${created} ${type}\n`);
}

/**
 * The project, committing each write when `--git-commit` (or CMS_GIT_COMMIT, or git.commitPerWrite) says so; with
 * `--branch`, that branch's view, whose every write is a commit on the branch.
 */
const loadForWrite = async (ctx: CliContext, options: WriteOptions) =>
  onBranchOf(await ctx.loadCms(options.root, options.gitCommit ? { gitCommit: true } : {}), options.branch);
const GIT_COMMIT = [
  '--git-commit', 'commit the write to git, authored by your git identity (env CMS_GIT_COMMIT=1, config git.commitPerWrite)',
] as const;

const textParam = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function searchOf(options: WriteOptions, extra: string): string {
  const params = new URLSearchParams();
  if (options.status) params.set('status', options.status);
  if (options.locale) params.set('locale', options.locale);
  return [params.toString(), extra].filter(Boolean).join('&');
}

/** `cms create|update|delete`: the REST writes, as the site owner, same validation and JSON as HTTP. */
export function registerWrites(program: Command, ctx: CliContext, search: () => string): void {
  const common = (command: Command) => command
    .option('--root <dir>', 'project root')
    .option('--status <status>', 'draft: write the draft only (draft & publish types)')
    .option('--locale <code>', 'locale of the version to write')
    .option('--pretty', 'indent the JSON output')
    .option(...GIT_COMMIT)
    .option(...BRANCH_OPTION);

  common(program.command('create').description('create a document (POST /api/<type>)')
    .argument('<type>', 'plural API id')
    .option('--data <json>', 'the fields, as JSON')
    .option('--file <path>', 'a JSON file holding the fields; .ndjson/.jsonl (or - for stdin): one document a line'))
    .action(async (type: string, options: WriteOptions) => {
      const cms = await loadForWrite(ctx, options);
      const model = contentTypeArg(cms, type);
      if (isNdjson(options.file)) return createMany(ctx, type, options.file, options, searchOf(options, search()));
      const result = await cms.ownerApi({
        method: 'POST', path: `/${routeId(model)}`, search: searchOf(options, search()), body: await readData(ctx, options),
      });
      ctx.printJson(result.body, options.pretty);
    });

  common(program.command('update').description('update a document (PUT /api/<type>/<documentId>, or PUT /api/<singularApiId>)')
    .argument('<type>', 'plural API id, or singular API id of a single type')
    .argument('[documentId]', 'the document (collection types)')
    .option('--data <json>', 'the fields to change, as JSON')
    .option('--file <path>', 'a JSON file holding the fields'))
    .action(async (type: string, documentId: string | undefined, options: WriteOptions) => {
      const cms = await loadForWrite(ctx, options);
      const model = contentTypeArg(cms, type);
      documentIdArg(model, documentId, 'update');
      const path = documentId ? `/${routeId(model)}/${encodeURIComponent(documentId)}` : `/${routeId(model)}`;
      const result = await cms.ownerApi({ method: 'PUT', path, search: searchOf(options, search()), body: await readData(ctx, options) });
      ctx.printJson(result.body, options.pretty);
    });

  program.command('delete').description('delete a document in a locale (DELETE /api/<type>/<documentId>)')
    .argument('<type>', 'plural API id, or singular API id of a single type')
    .argument('[documentId]', 'the document (collection types)')
    .option('--root <dir>', 'project root')
    .option('--locale <code>', 'locale to delete (* for all)')
    .option(...GIT_COMMIT)
    .option(...BRANCH_OPTION)
    .action(async (type: string, documentId: string | undefined, options: WriteOptions) => {
      const cms = await loadForWrite(ctx, options);
      const model = contentTypeArg(cms, type);
      const id = documentIdArg(model, documentId, 'delete') ?? cms.index.singleDocumentId(model.uid);
      const locale = options.locale ?? textParam(parseQueryString(search()).locale);
      const { deleted } = id === undefined ? { deleted: 0 } : await cms.documents(model.uid).delete({ documentId: id, locale });
      // HTTP answers 204 either way, as Strapi does; a script is told when nothing was there.
      if (!deleted) {
        throw new NotFoundError(`nothing to delete: ${type}${id ? ` ${id}` : ''}${locale ? ` in locale ${locale}` : ''} does not exist`);
      }
      ctx.stderr.write(`deleted ${type}${id ? ` ${id}` : ''} (${deleted} file(s))\n`);
    });

  for (const [name, description] of [
    ['publish', 'publish the draft of a document'],
    ['unpublish', 'unpublish a document (its content stays as the draft)'],
    ['discard', 'discard the draft (back to the published version)'],
  ] as const) {
    program.command(name).description(description)
      .argument('<type>', 'plural API id, or singular API id of a single type')
      .argument('[documentId]', 'the document (collection types)')
      .option('--root <dir>', 'project root')
      .option('--locale <code>', 'locale of the version')
      .option(...GIT_COMMIT)
      .option(...BRANCH_OPTION)
      .action(async (type: string, documentId: string | undefined, options: WriteOptions) => {
        const cms = await loadForWrite(ctx, options);
        const model = contentTypeArg(cms, type);
        const id = documentId ?? (model.kind === 'singleType' ? cms.index.singleDocumentId(model.uid) : undefined);
        if (!id) {
          throw new UsageError(model.kind === 'singleType'
            ? `${type} has no document yet`
            : `give the documentId: cms ${name} ${type} <documentId>`);
        }
        const documents = cms.documents(model.uid);
        // --locale is read with the other URL-style options (see query-args.ts).
        const locale = options.locale ?? textParam(parseQueryString(search()).locale);
        const params = { documentId: id, locale };
        if (name === 'publish') await documents.publish(params);
        else if (name === 'unpublish') await documents.unpublish(params);
        else await documents.discardDraft(params);
        ctx.stderr.write(`${name === 'discard' ? 'discarded the draft of' : `${name}ed`} ${type} ${id}\n`);
      });
  }
}
