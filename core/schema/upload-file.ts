import { UPLOAD_FILE_UID, type Model } from './types.js';

/** Strapi's built-in media file model (`plugin::upload.file`), so media fields filter and populate. */
export const uploadFileModel: Model = {
  uid: UPLOAD_FILE_UID,
  modelType: 'contentType',
  kind: 'collectionType',
  singularName: 'file',
  pluralName: 'files',
  displayName: 'File',
  draftAndPublish: false,
  localized: false,
  file: '<built-in>',
  attributes: {
    name: { type: 'string', required: true },
    alternativeText: { type: 'text' },
    caption: { type: 'text' },
    focalPoint: { type: 'json' },
    width: { type: 'integer' },
    height: { type: 'integer' },
    formats: { type: 'json' },
    hash: { type: 'string', required: true },
    ext: { type: 'string' },
    mime: { type: 'string', required: true },
    size: { type: 'decimal', required: true },
    url: { type: 'text', required: true },
    previewUrl: { type: 'text' },
    provider: { type: 'string', required: true },
    provider_metadata: { type: 'json' },
  },
  attributeNames: [],
};
uploadFileModel.attributeNames = Object.keys(uploadFileModel.attributes);
