import { UPLOAD_FILE_UID, type Attribute, type Models } from '../schema/types.js';

/** A related document's or a file's name by type and id (its main field), when the reader may see it. */
export type NameOf = (uid: string, documentId: string) => string | undefined;

type Node = { type?: string; text?: string; children?: Node[]; level?: number; format?: string };

/** Blocks (Strapi's rich text as JSON) as the text an editor wrote: one line per block, a list item per line. */
export function blocksText(value: unknown): string {
  if (!Array.isArray(value)) return '';
  const inline = (nodes: Node[] | undefined): string => (nodes ?? []).map((node) => node.text ?? inline(node.children)).join('');
  const lines: string[] = [];
  const walk = (nodes: Node[], depth: number) => {
    for (const node of nodes) {
      if (node.type === 'list') walk(node.children ?? [], depth + 1);
      else if (node.type === 'list-item') lines.push(
        `${'  '.repeat(Math.max(depth - 1, 0))}• ${inline(node.children?.filter((child) => child.type !== 'list'))}`,
        ...nested(node, depth),
      );
      else if (node.type === 'heading') lines.push(`${'#'.repeat(node.level ?? 1)} ${inline(node.children)}`);
      else if (node.type === 'image') lines.push('[image]');
      else lines.push(inline(node.children) || node.text || '');
    }
  };
  const nested = (item: Node, depth: number): string[] => {
    const before = lines.length;
    walk(item.children?.filter((child) => child.type === 'list') ?? [], depth);
    return lines.splice(before);
  };
  walk(value as Node[], 0);
  return lines.join('\n');
}

const scalarText = (value: unknown): string => (value === null || value === undefined
  ? ''
  : typeof value === 'object'
  ? JSON.stringify(value)
  : String(value));

/** A component's fields as `name: text` lines (nested components indented). */
function componentText(models: Models, uid: string | undefined, value: unknown, nameOf?: NameOf): string {
  if (!value || typeof value !== 'object') return '';
  const model = uid ? models.get(uid) : undefined;
  const record = value as Record<string, unknown>;
  const names = model
    ? model.attributeNames.filter((name) => record[name] !== undefined && record[name] !== null)
    : Object.keys(record).filter((name) => name !== '__component' && name !== 'id');
  return names.map((name) => {
    const text = model ? fieldText(models, model.attributes[name], record[name], nameOf) : scalarText(record[name]);
    return text.includes('\n') ? `${name}:\n${text.replace(/^/gm, '  ')}` : `${name}: ${text}`;
  }).join('\n');
}

/**
 * A stored field value as text an editor reads in a diff: blocks as their text, components as
 * `field: value` lines, dynamic zones as one titled section per entry, relations and media by name
 * (`nameOf`: the target's main field, a file's name) or else the ids they hold, anything else as
 * written. Never raw JSON for rich text.
 *
 * @example
 * fieldText(models, { type: 'blocks' }, [{ type: 'paragraph', children: [{ type: 'text', text: 'Hi' }] }]) // 'Hi'
 */
export function fieldText(models: Models, attribute: Attribute | undefined, value: unknown, nameOf?: NameOf): string {
  if (value === null || value === undefined) return '';
  const type = attribute?.type;
  if (type === 'blocks') return blocksText(value);
  const target = type === 'media'
    ? UPLOAD_FILE_UID
    : type === 'relation' && typeof attribute?.target === 'string'
    ? attribute.target
    : undefined;
  if (target && nameOf && (typeof value === 'string' || Array.isArray(value))) {
    return (Array.isArray(value) ? value : [value]).map((id) => (typeof id === 'string' ? nameOf(target, id) ?? id : scalarText(id)))
      .join(', ');
  }
  if (type === 'component') {
    const entries = attribute?.repeatable && Array.isArray(value) ? value : [value];
    return entries.map((entry) => componentText(models, attribute?.component, entry, nameOf)).join('\n—\n');
  }
  if (type === 'dynamiczone' && Array.isArray(value)) {
    return value.map((entry) => {
      const uid = (entry as { __component?: string }).__component;
      const body = componentText(models, uid, entry, nameOf);
      return `[${models.get(uid ?? '')?.displayName ?? uid}]${body ? `\n${body.replace(/^/gm, '  ')}` : ''}`;
    }).join('\n');
  }
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) return value.map(scalarText).join(', ');
  if (type === 'json') return JSON.stringify(value, null, 2);
  return scalarText(value);
}
