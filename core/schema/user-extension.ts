import { join } from 'node:path';
import { FileError } from '../errors.js';
import { parseJsonText } from '../parsers/json.js';
import { readTextNoFollowSync } from '../storage/no-follow.js';
import type { Attribute, Model } from './types.js';
import { ROLE_UID, USER_UID, userModel } from './user-model.js';

/** Where a Strapi project extends the users-permissions user, and where `cms init --from-strapi` keeps it. */
export const USER_EXTENSION = join('src', 'extensions', 'users-permissions', 'content-types', 'user', 'schema.json');

/** The extension's text, or undefined when the project has none. */
function readExtension(root: string): string | undefined {
  try {
    return readTextNoFollowSync(join(root, USER_EXTENSION), USER_EXTENSION);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The users-permissions user with the project's extension (`src/extensions/users-permissions/content-types/user/schema.json`)
 * merged in, as Strapi 5.54 merges it into the plugin's type: the relations it adds (`applications`, `user_detail`)
 * join the user's attributes. The user's own fields stay the auth state's (their rules are Strapi's built-in ones);
 * an added field that is no relation to a project type is a problem named with the file, since the auth state keeps
 * no value for it. Returns undefined when the project has no extension.
 *
 * @example
 * extendedUser('/srv/site')?.model.attributes.applications // { type: 'relation', relation: 'oneToMany', … }
 */
export function extendedUser(root: string): { model: Model; problems: FileError[] } | undefined {
  const text = readExtension(root);
  if (text === undefined) return undefined;
  const problems: FileError[] = [];
  const raw = parseJsonText(text, USER_EXTENSION) as { attributes?: Record<string, Attribute> } | null;
  const attributes: Record<string, Attribute> = Object.assign(Object.create(null), userModel.attributes);
  if (!raw || typeof raw !== 'object' || !raw.attributes || typeof raw.attributes !== 'object') {
    problems.push(new FileError(USER_EXTENSION, 'a schema needs an "attributes" object'));
  } else {
    for (const [name, attribute] of Object.entries(raw.attributes)) {
      if (name in userModel.attributes) continue;
      const target = attribute?.type === 'relation' ? attribute.target : undefined;
      if (!target || target === USER_UID || target === ROLE_UID || String(attribute.relation).startsWith('morph')) {
        problems.push(new FileError(USER_EXTENSION, `attribute "${name}": only relations to the project's types can be added to the `
          + 'user here (its fields are the auth state\'s)'));
      } else {
        attributes[name] = attribute;
      }
    }
  }
  return { model: { ...userModel, file: USER_EXTENSION, attributes, attributeNames: Object.keys(attributes) }, problems };
}

/**
 * A relation the user's extension owns (`inversedBy` on the user's side) is stored on the project type's side here, since
 * the user's rows are the auth state's and no content file holds them: the two sides swap `inversedBy` and `mappedBy`.
 * Reads and writes answer the same from either side; only where the link is kept changes. Sides that do not pair
 * are left as they are, for the registry's checks to name.
 */
export function storeUserLinksOnTheirTypes(user: Model, models: Map<string, Model>): void {
  for (const name of user.attributeNames) {
    const attribute = user.attributes[name];
    if (attribute.type !== 'relation' || !attribute.inversedBy || user.uid !== USER_UID) continue;
    const other = models.get(attribute.target ?? '');
    const back = other?.attributes[attribute.inversedBy];
    if (!other || back?.type !== 'relation' || back.target !== USER_UID || back.mappedBy !== name) continue;
    const { inversedBy, ...userSide } = attribute;
    user.attributes[name] = { ...userSide, mappedBy: inversedBy };
    const { mappedBy: _mappedBy, ...otherSide } = back;
    other.attributes[attribute.inversedBy] = { ...otherSide, inversedBy: name };
  }
}
