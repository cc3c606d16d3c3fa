/**
 * curtain-type controller
 */

import { factories } from '@strapi/strapi'

export default factories.createCoreController('api::curtain-type.curtain-type');
