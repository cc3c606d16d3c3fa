/**
 * product-page service
 */
import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::product-page.product-page');
