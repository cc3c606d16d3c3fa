/**
 * site-state router
 */

import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::site-state.site-state');
