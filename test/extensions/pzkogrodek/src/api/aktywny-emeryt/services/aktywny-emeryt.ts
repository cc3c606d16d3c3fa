/**
 * aktywny-emeryt service
 */

import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::aktywny-emeryt.aktywny-emeryt');
