/**
 * aktywny-emeryt router
 */

import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::aktywny-emeryt.aktywny-emeryt');
