import type { Command } from 'commander';
import { createGit } from '../../core/git/git.js';
import { documentAt, documentHistory } from '../../core/git/history.js';
import type { CliContext } from '../context.js';
import { UsageError } from '../output.js';

interface HistoryOptions { root?: string; at?: string; locale?: string; status?: string; pretty?: boolean }

/**
 * `--locale` and `--status` are query options: the program takes them out of argv for every
 * command (see query-args.ts) and hands them over as `search`.
 */
function versionOptions(options: HistoryOptions, search: string): { locale?: string; status: 'draft' | 'published' } {
  const query = new URLSearchParams(search);
  const locale = options.locale ?? query.get('locale') ?? undefined;
  const status = (options.status ?? query.get('status')) === 'draft' ? 'draft' : 'published';
  return { locale, status };
}

/** `cms history <type> <documentId> [--at <commit>]`: versions from git, or the document at one. */
export function registerHistory(program: Command, ctx: CliContext, search: () => string = () => ''): void {
  program
    .command('history')
    .description('list a document\'s versions from git, or print it as it was at a commit (--at)')
    .argument('<type>', 'plural API id, or singular API id of a single type')
    .argument('[documentId]', 'the document (collection types)')
    .option('--root <dir>', 'project root')
    .option('--at <commit>', 'print the document as it was at this commit (hash, HEAD~n, branch or tag)')
    .option('--locale <code>', 'locale of the version')
    .option('--status <status>', 'published (default) or draft')
    .option('--pretty', 'indent the JSON output')
    .action(async (type: string, documentId: string | undefined, options: HistoryOptions) => {
      const cms = await ctx.loadCms(options.root);
      const model = cms.contentType(type);
      const id = documentId ?? (model.kind === 'singleType' ? cms.index.singleDocumentId(model.uid) : undefined);
      if (!id) throw new UsageError(`give the documentId of the ${type} document`);
      const git = createGit(cms.root);
      if (!(await git.isRepository())) throw new UsageError(`${cms.root} is not a git repository`);
      if (options.at) {
        ctx.printJson((await documentAt(cms, git, model, id, options.at, versionOptions(options, search()))).data, options.pretty);
        return;
      }
      ctx.printJson(await documentHistory(cms, git, model, id), options.pretty);
    });
}
