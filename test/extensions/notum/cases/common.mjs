// What the notum cases share: the callers and query builders.
// @ts-nocheck
import { q } from '../../../conformance/catalogue/helpers.mjs';

export const NONE = { auth: 'none' };
export const ANN = { auth: 'jwt:ann' };
export const V4 = { headers: { 'Strapi-Response-Format': 'v4' } };
export const AS = [['token', {}], ['ann', ANN], ['public', NONE]];
// A value naming a capture (`@@aboutId`) stays as written: the runner puts the captured value in its place.
const value = (one) => (one.startsWith('@@') ? one : q(one));
export const filterQuery = (field, op, one) => (Array.isArray(one)
  ? one.map((item, at) => `filters[${field}][${op}][${at}]=${value(item)}`).join('&') : `filters[${field}][${op}]=${value(one)}`);
