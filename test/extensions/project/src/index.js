'use strict';

module.exports = {
  register() {},
  async bootstrap({ strapi }) {
    strapi.log.info('extensions project ready');
  },
};
