/**
 * blog-page service
 */
import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::blog-page.blog-page');
