/**
 * blog-page controller
 */
import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::blog-page.blog-page');
