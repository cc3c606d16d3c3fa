'use strict';
const { errors } = require('@strapi/utils');

const slugify = (text) => String(text).toLowerCase().trim().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

module.exports = {
  beforeCreate(event) {
    const { data } = event.params;
    if (data.title === 'forbidden') throw new errors.ApplicationError('This title is not allowed', { field: 'title' });
    if (data.title) data.slug = slugify(data.title);
  },
  beforeUpdate(event) {
    const { data } = event.params;
    if (data.title) data.slug = slugify(data.title);
  },
};
