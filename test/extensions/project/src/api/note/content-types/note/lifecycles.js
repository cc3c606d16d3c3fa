'use strict';

module.exports = {
  beforeUpdate(event) {
    if (typeof event.params.data.text === 'string') event.params.data.text = event.params.data.text.trim();
  },
  afterFindMany(event) {
    for (const note of event.result) note.seen = true;
  },
};
