import type { Model } from '../schema/types.js';

/** Strapi's view of a content type (`strapi.contentType(uid)`, a lifecycle's `event.model`). */
export interface ContentTypeInfo {
  uid: string;
  kind: Model['kind'];
  modelType: Model['modelType'];
  modelName: string;
  singularName: string;
  pluralName: string;
  info: { singularName: string; pluralName: string; displayName: string };
  options: { draftAndPublish: boolean };
  attributes: Model['attributes'];
}

export const contentTypeInfo = (model: Model): ContentTypeInfo => ({
  uid: model.uid, kind: model.kind, modelType: model.modelType, modelName: model.singularName,
  singularName: model.singularName, pluralName: model.pluralName,
  info: { singularName: model.singularName, pluralName: model.pluralName, displayName: model.displayName },
  options: { draftAndPublish: model.draftAndPublish }, attributes: model.attributes,
});
