import { describe, expect, it } from 'vitest';
import { changeHeadline, describeChange } from '../../core/git/document-changes.js';
import { blocksText } from '../../core/git/field-text.js';
import { loadConfig } from '../../core/config/load.js';
import { loadModels } from '../../core/schema/registry.js';
import { REPO_ROOT } from '../helpers/project.js';

const paragraph = (text: string) => ({ type: 'paragraph', children: [{ type: 'text', text }] });

describe('the Git panel\'s field-level diff', () => {
  it.each([
    [[paragraph('Hello '), paragraph('World')], 'Hello \nWorld'],
    [[{ type: 'heading', level: 2, children: [{ type: 'text', text: 'Route' }] }], '## Route'],
    [[{ type: 'list', format: 'unordered',
      children: [{ type: 'list-item', children: [{ type: 'text', text: 'one' }] },
        { type: 'list-item', children: [{ type: 'text', text: 'two', bold: true }] }] }], '• one\n• two'],
    [[{ type: 'paragraph', children: [{ type: 'text', text: 'a ' },
      { type: 'link', url: 'https://x', children: [{ type: 'text', text: 'link' }] }] }], 'a link'],
  ])('reads blocks as the text an editor wrote (%#)', (blocks, text) => {
    expect(blocksText(blocks)).toBe(text);
  });

  it('names the document by its type and main field, and lists old → new per changed field, blocks as text', async () => {
    const config = await loadConfig(REPO_ROOT);
    const models = loadModels(REPO_ROOT);
    const before = JSON.stringify({ title: 'Pizza', description: 'Same', body: [paragraph('Dough.')], views: 1 });
    const after = JSON.stringify({ title: 'Pizza napoletana', description: 'Same', body: [paragraph('Dough, then fire.')], views: 1 });
    const change = describeChange(models, config, 'content/articles/abcdefghijklmnopqrstuvwx.json', before, after)!;
    expect(change).toMatchObject({ type: 'Article', title: 'Pizza napoletana', documentId: 'abcdefghijklmnopqrstuvwx', locale: 'en',
      draft: false });
    expect(change.fields).toEqual([
      { field: 'title', before: 'Pizza', after: 'Pizza napoletana' },
      { field: 'body', before: 'Dough.', after: 'Dough, then fire.' },
    ]);
    expect(changeHeadline(change)).toBe('Article · Pizza napoletana — title, body changed');
    const created = describeChange(models, config, 'content/articles/abcdefghijklmnopqrstuvwx.fr.draft.json', undefined, after)!;
    expect(created).toMatchObject({ locale: 'fr', draft: true, created: true });
    expect(change.created).toBeUndefined();
    expect(created.fields.map((field) => [field.field, field.before]))
      .toEqual([['title', ''], ['description', ''], ['body', ''], ['views', '']]);
    expect(describeChange(models, config, 'public/uploads/x.png', undefined, 'x')).toBeUndefined();
  });

  it('shows a dynamic zone as a titled section per entry and a component as field: value lines, never JSON', async () => {
    const config = await loadConfig(REPO_ROOT);
    const models = loadModels(REPO_ROOT);
    const quote = { __component: 'shared.quote', title: 'Ada', body: 'Lovelace' };
    const after = JSON.stringify({ title: 'Pizza', blocks: [quote], seo: { metaTitle: 'Pizza!' } });
    const change = describeChange(
      models, config, 'content/articles/abcdefghijklmnopqrstuvwx.json', JSON.stringify({ title: 'Pizza' }), after,
    )!;
    expect(change.fields).toEqual([
      { field: 'blocks', before: '', after: `[${models.get('shared.quote')!.displayName}]\n  title: Ada\n  body: Lovelace` },
      { field: 'seo', before: '', after: 'metaTitle: Pizza!' },
    ]);
  });
});
