/**
 * blind-type controller
 */

import { factories } from '@strapi/strapi'

export default factories.createCoreController('api::blind-type.blind-type');
