/**
 * finish-option service
 */

import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::finish-option.finish-option');
