// What the pzkogrodek cases share: the callers, rich-text blocks, and query builders.
// @ts-nocheck
import { q } from '../../../conformance/catalogue/helpers.mjs';

export const NONE = { auth: 'none' };
export const ANN = { auth: 'jwt:ann' };
export const V4 = { headers: { 'Strapi-Response-Format': 'v4' } };
/** Every caller of the views: the full-access token, a signed-in user, the Public role. */
export const AS = [['token', {}], ['ann', ANN], ['public', NONE]];
export const blocks = (...texts) => texts.map((text) => ({ type: 'paragraph', children: [{ type: 'text', text }] }));
// A value naming a capture (`@@e1Id`) stays as written: the runner puts the captured value in its place.
const value = (one) => (one.startsWith('@@') ? one : q(one));
export const filterQuery = (field, op, one) => (Array.isArray(one)
  ? one.map((item, at) => `filters[${field}][${op}][${at}]=${value(item)}`).join('&') : `filters[${field}][${op}]=${value(one)}`);
/** Captures a created document's documentId and id under `name` and `nameId`. */
export const doc = (name) => ({ capture: { [name]: 'data.documentId', [`${name}Id`]: 'data.id' } });
