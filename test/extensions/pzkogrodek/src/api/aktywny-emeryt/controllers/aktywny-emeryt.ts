/**
 * aktywny-emeryt controller
 */

import { factories } from '@strapi/strapi'

export default factories.createCoreController('api::aktywny-emeryt.aktywny-emeryt');
