// What the pzkogrodek cases share: the callers, rich-text blocks and the filter builder (internal-lms's), the views'
// callers, and a document's captures.
// @ts-nocheck
import { ANN, NONE } from '../../internal-lms/cases/common.mjs';

export { ANN, NONE, V4, blocks, filterQuery } from '../../internal-lms/cases/common.mjs';
/** Every caller of the views: the full-access token, a signed-in user, the Public role. */
export const AS = [['token', {}], ['ann', ANN], ['public', NONE]];
/** Captures a created document's documentId and id under `name` and `nameId`. */
export const doc = (name) => ({ capture: { [name]: 'data.documentId', [`${name}Id`]: 'data.id' } });
