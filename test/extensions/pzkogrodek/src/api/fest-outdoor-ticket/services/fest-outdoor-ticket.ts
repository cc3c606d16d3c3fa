/**
 * fest-outdoor-ticket service
 */

import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::fest-outdoor-ticket.fest-outdoor-ticket');
