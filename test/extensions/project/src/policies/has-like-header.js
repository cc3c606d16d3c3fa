'use strict';

// Only requests saying `X-Like: yes` may like.
module.exports = (policyContext) => policyContext.request.header['x-like'] === 'yes';
