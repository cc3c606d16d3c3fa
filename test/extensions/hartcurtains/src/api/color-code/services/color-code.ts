/**
 * color-code service
 */

import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::color-code.color-code');
