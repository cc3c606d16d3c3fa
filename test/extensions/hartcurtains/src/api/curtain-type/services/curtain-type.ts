/**
 * curtain-type service
 */

import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::curtain-type.curtain-type');
