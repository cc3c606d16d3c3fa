import { beforeAll, describe, expect, it } from 'vitest';
import { ARTICLES as A } from '../contract/sample-site.js';
import { copySampleSite, REPO_ROOT, startApp, type TestServer } from '../helpers/project.js';
import { ensureBuilt, runCms } from './built-cli.js';

/** `cms get` answers what `GET /api/…` answers: one parser, one core (STYLE: no query logic copied). */
let server: TestServer;
beforeAll(async () => {
  ensureBuilt();
  server = await startApp();
}, 120_000);

const http = async (path: string) => (await server.getJson(path)).body;

describe.concurrent('cms get (the built binary)', { timeout: 180_000 }, () => {
  it('get articles --populate=* prints the HTTP body of /api/articles?populate=*', async () => {
    const [cli, body] = await Promise.all([runCms(['get', 'articles', '--populate=*', '--root', REPO_ROOT]),
      http('/api/articles?populate=*')]);
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.stdout)).toEqual(body);
    expect(body.meta.pagination.total).toBe(13);
  });

  it('takes bracket options (`=value` and `value` forms) and a documentId, from the project in cwd', async () => {
    const root = copySampleSite();
    const [list, spaced, one] = await Promise.all([
      runCms(['get', 'articles', '--filters[title][$containsi]=coffee', '--fields=title'], { cwd: root }),
      runCms(['get', 'articles', '--filters[title][$containsi]', 'coffee', '--sort', 'title:desc', '--fields', 'title'], { cwd: root }),
      runCms(['get', 'articles', A.rome, '--locale=fr', '--fields=title'], { cwd: root }),
    ]);
    expect(JSON.parse(list.stdout).data.map((entry: { documentId: string }) => entry.documentId)).toEqual([A.rome, A.companion, A.brewing]);
    expect(JSON.parse(spaced.stdout)).toEqual(await http('/api/articles?filters[title][$containsi]=coffee&sort=title:desc&fields=title'));
    expect(JSON.parse(one.stdout)).toEqual({ data: { id: 7893674842037298, documentId: A.rome, title: 'Le meilleur café de Rome' },
      meta: {} });
  });

  it('--query takes a whole query string; --v4 answers in the v4 shape', async () => {
    const query = 'filters[views][$gt]=100&sort=views:desc&fields[0]=title&fields[1]=views';
    const [cli, v4] = await Promise.all([
      runCms(['get', 'articles', '--query', query, '--root', REPO_ROOT]),
      runCms(['get', 'global', '--v4', '--fields=siteName', '--root', REPO_ROOT]),
    ]);
    expect(JSON.parse(cli.stdout)).toEqual(await http(`/api/articles?${query}`));
    expect(JSON.parse(cli.stdout).data.map((entry: { views: number }) => entry.views)).toEqual([300, 120, 120]);
    expect(JSON.parse(v4.stdout)).toEqual({ data: { id: 213119796000722, documentId: 'dw2603vqnv92za5syi7lurer',
      attributes: { siteName: 'Strapi Blog' } }, meta: {} });
  });

  it('accepts every name cms ls prints: a singular (get article), a single type\'s plural (get globals), a uid', async () => {
    const [singular, uid, singlePlural, list, global] = await Promise.all([
      runCms(['get', 'article', '--fields=title', '--root', REPO_ROOT]),
      runCms(['get', 'api::article.article', A.rome, '--fields=title', '--root', REPO_ROOT]),
      runCms(['get', 'globals', '--root', REPO_ROOT]),
      http('/api/articles?fields=title'),
      http('/api/global'),
    ]);
    expect(singular.code).toBe(0);
    expect(JSON.parse(singular.stdout)).toEqual(list);
    expect(JSON.parse(uid.stdout)).toEqual(await http(`/api/articles/${A.rome}?fields=title`));
    expect(singlePlural.code).toBe(0);
    expect(JSON.parse(singlePlural.stdout)).toEqual(global);
  });

  it('suggests the right name for a mistyped type (usage error, exit 2)', async () => {
    const cli = await runCms(['get', 'artcle', '--root', REPO_ROOT]);
    expect(cli.stderr).toMatch(
      /^cms: unknown content type "artcle" \(did you mean "article(s)?"\?\); types: about, articles, authors, categories, global, tags\n$/,
    );
    expect(cli.code).toBe(2);
  });

  it('reports errors on stderr with a non-zero exit and nothing on stdout', async () => {
    const [invalid, json] = await Promise.all([
      runCms(['get', 'articles', '--filters[nope]=1', '--root', REPO_ROOT]),
      runCms(['get', 'articles', '--sort=title:up', '--json', '--root', REPO_ROOT]),
    ]);
    expect(invalid).toMatchObject({ code: 1, stdout: '' });
    expect(invalid.stderr).toBe('cms: 400 ValidationError: Invalid key nope\n');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stderr)).toEqual({ data: null, error: { status: 400, name: 'ValidationError',
      message: 'Invalid order. order can only be one of asc|desc|ASC|DESC', details: {} } });
  });

  it('cms --help lists the commands and exits 0', async () => {
    const help = await runCms(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: cms \[options\] \[command\]/);
    for (const command of ['serve', 'get', 'create', 'update', 'delete', 'validate', 'fmt', 'export']) {
      expect(help.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
    }
  });
});
