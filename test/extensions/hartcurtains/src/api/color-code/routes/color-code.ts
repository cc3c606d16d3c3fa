/**
 * color-code router
 */

import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::color-code.color-code');
