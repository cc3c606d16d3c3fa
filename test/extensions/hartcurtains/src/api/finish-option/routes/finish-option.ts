/**
 * finish-option router
 */

import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::finish-option.finish-option');
