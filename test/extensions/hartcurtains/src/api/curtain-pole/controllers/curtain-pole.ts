/**
 * curtain-pole controller
 */

import { factories } from '@strapi/strapi'

export default factories.createCoreController('api::curtain-pole.curtain-pole');
