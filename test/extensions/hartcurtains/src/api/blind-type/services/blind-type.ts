/**
 * blind-type service
 */

import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::blind-type.blind-type');
