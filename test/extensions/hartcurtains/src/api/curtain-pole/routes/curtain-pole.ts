/**
 * curtain-pole router
 */

import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::curtain-pole.curtain-pole');
