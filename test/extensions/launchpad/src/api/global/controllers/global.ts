/**
 * global controller
 */
import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::global.global');
