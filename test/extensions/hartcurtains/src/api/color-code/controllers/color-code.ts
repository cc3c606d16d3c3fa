/**
 * color-code controller
 */

import { factories } from '@strapi/strapi'

export default factories.createCoreController('api::color-code.color-code');
