/**
 * fest-outdoor-ticket router
 */

import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::fest-outdoor-ticket.fest-outdoor-ticket');
