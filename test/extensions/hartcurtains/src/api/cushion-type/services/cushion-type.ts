/**
 * cushion-type service
 */

import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::cushion-type.cushion-type');
