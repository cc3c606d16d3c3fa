/**
 * site-state service
 */

import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::site-state.site-state');
