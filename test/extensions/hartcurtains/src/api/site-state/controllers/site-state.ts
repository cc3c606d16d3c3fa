/**
 * site-state controller
 */

import { factories } from '@strapi/strapi'

export default factories.createCoreController('api::site-state.site-state');
