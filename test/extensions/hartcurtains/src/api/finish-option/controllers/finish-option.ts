/**
 * finish-option controller
 */

import { factories } from '@strapi/strapi'

export default factories.createCoreController('api::finish-option.finish-option');
