'use strict';
const { errors } = require('@strapi/utils');

// Passes (answers nothing) unless the request says the notes are not its own.
module.exports = (policyContext) => {
  if (policyContext.request.header['x-mine'] === 'no') throw new errors.PolicyError('Not yours', { header: 'x-mine' });
};
