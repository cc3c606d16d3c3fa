/**
 * curtain-pole service
 */

import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::curtain-pole.curtain-pole');
