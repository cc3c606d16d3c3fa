/**
 * cushion-type controller
 */

import { factories } from '@strapi/strapi'

export default factories.createCoreController('api::cushion-type.cushion-type');
