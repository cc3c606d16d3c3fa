// Preloaded (NODE_OPTIONS=--require) into the reference Strapi by record.mjs, and only there. Strapi 5.54 in
// production refuses a webhook URL whose host resolves to a loopback or private address (an SSRF guard in
// its admin API, which resolves names with dns.promises), so the recorder registers its receiver under a
// reserved name that DNS never resolves; this makes the connection (net's dns.lookup) reach the loopback.
// Strapi's payloads, headers and delivery are its own.
'use strict';
const dns = require('node:dns');

const NAME = process.env.WEBHOOK_RECEIVER_NAME;
const lookup = dns.lookup;
dns.lookup = function lookupReceiver(hostname, options, callback) {
  if (!NAME || hostname !== NAME) return lookup.apply(this, arguments);
  const done = typeof options === 'function' ? options : callback;
  const all = typeof options === 'object' && options !== null && options.all;
  process.nextTick(() => (all ? done(null, [{ address: '127.0.0.1', family: 4 }]) : done(null, '127.0.0.1', 4)));
  return undefined;
};
