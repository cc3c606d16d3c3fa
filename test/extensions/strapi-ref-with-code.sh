#!/usr/bin/env bash
# The real Strapi 5.54 running a project's own back-end code (a development tool, never needed by npm test):
# `strapi-ref start` mirrors the schemas and writes core routers/controllers/services; this then copies the
# project's src/ code over them (copy-project-code.mjs: all of it, TypeScript compiled to .js; src/extensions, a plugin
# type's schema such as a users-permissions user with relations to the project's types, before the first start), merges its
# src/index.js with the reference's bootstrap (which makes the token and permissions) and starts Strapi again.
#   STRAPI_REF_DIR=… test/extensions/strapi-ref-with-code.sh PROJECT [PORT]   prints "BASE TOKEN" last
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
REF="${STRAPI_REF:-$(cd "$(dirname "$0")/../../../../shared/strapi-reference" 2>/dev/null && pwd || true)/strapi-ref}"
[ -x "$REF" ] || REF=/work/shared/strapi-reference/strapi-ref
DIR="${STRAPI_REF_DIR:?set STRAPI_REF_DIR to a folder of your own}"
PROJECT="$(cd "${1:?usage: strapi-ref-with-code.sh PROJECT [PORT]}" && pwd)"; PORT="${2:-1337}"

# The merged src/index.js of an earlier run would run that run's project bootstrap on this start's fresh database.
[ -f "$DIR/src/reference-index.js" ] && cp "$DIR/src/reference-index.js" "$DIR/src/index.js"
# A plugin type's schema the project extends (src/extensions) is needed by the first start already: its types may
# name the extended type's attributes (inversedBy, mappedBy).
rm -rf "$DIR/src/extensions"; [ -d "$PROJECT/src/extensions" ] && cp -r "$PROJECT/src/extensions" "$DIR/src/extensions"
# (a project whose schemas need a plugin enabled below, a custom field, cannot start here yet: the start that follows says why)
"$REF" start "$PROJECT" "$PORT" > /dev/null || true
"$REF" stop > /dev/null
cd "$DIR"
[ -f src/reference-index.js ] || { chmod u+w src/index.js 2>/dev/null || true; cp src/index.js src/reference-index.js; }
rm -rf src/policies src/middlewares src/project-index.js
# Every source file of the project's src/ (.ts compiled to .js), its src/index as src/project-index.js.
node "$HERE/copy-project-code.mjs" "$PROJECT/src" "$DIR/src"
[ -f src/project-index.js ] || echo 'module.exports = {};' > src/project-index.js
rm -f src/index.js
cat > src/index.js <<'JS'
'use strict';
// The reference's bootstrap (token, Public permissions, locales), the Authenticated role's permissions of
// cms.config.json (the reference mirrors only the Public role's), then the project's own bootstrap.
const fs = require('fs');
const reference = require('./reference-index');
const loaded = require('./project-index');
const project = loaded && loaded.__esModule ? loaded.default : loaded;
async function grantAuthenticated(strapi) {
  const config = JSON.parse(fs.readFileSync(process.env.STRAPI_REF_CONFIG, 'utf8'));
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
  const permissions = strapi.db.query('plugin::users-permissions.permission');
  for (const [uid, actions] of Object.entries((config.permissions || {}).authenticated || {})) {
    for (const action of actions.map((name) => `${uid}.${name}`)) {
      if (!(await permissions.findOne({ where: { action, role: role.id } }))) await permissions.create({ data: { action, role: role.id } });
    }
  }
}
module.exports = {
  async register(app) { await reference.register?.(app); await project.register?.(app); },
  async bootstrap(app) { await reference.bootstrap(app); await grantAuthenticated(app.strapi); await project.bootstrap?.(app); },
};
JS
# Strapi plugins the project itself depends on (its strapi-project/package.json) that this reference has installed
# (npm install --no-save, e.g. @strapi/plugin-color-picker for a custom field) are enabled for this run: Strapi enables
# the plugins its package.json depends on. The kit's package.json is put back once Strapi has read it.
cp package.json package.kit.json
[ -f "$PROJECT/strapi-project/package.json" ] && node - "$PROJECT/strapi-project/package.json" <<'JS'
const fs = require('fs');
const wanted = JSON.parse(fs.readFileSync(process.argv[2], 'utf8')).dependencies || {};
const kit = JSON.parse(fs.readFileSync('package.json', 'utf8'));
for (const name of Object.keys(wanted)) {
  if (/^@strapi\/plugin-/.test(name) && !kit.dependencies[name] && fs.existsSync(`node_modules/${name}/package.json`)) {
    kit.dependencies[name] = JSON.parse(fs.readFileSync(`node_modules/${name}/package.json`, 'utf8')).version;
  }
}
fs.writeFileSync('package.json', JSON.stringify(kit, null, 2) + '\n');
JS
export NODE_ENV=production HOST=127.0.0.1 PORT STRAPI_TELEMETRY_DISABLED=true STRAPI_DISABLE_UPDATE_NOTIFICATION=true BROWSER=none
export STRAPI_REF_CONFIG="$PROJECT/cms.config.json" STRAPI_REF_TOKEN_FILE="$DIR/token.txt"
setsid node node_modules/@strapi/strapi/bin/strapi.js start > strapi.log 2>&1 < /dev/null &
echo $! > strapi.pid
for _ in $(seq 1 240); do
  kill -0 "$(cat strapi.pid)" 2>/dev/null || { mv package.kit.json package.json; echo "strapi exited:"; tail -30 strapi.log; exit 1; }
  if [ -s token.txt ] && curl -fsS -o /dev/null "http://127.0.0.1:$PORT/_health" 2>/dev/null; then
    mv package.kit.json package.json; echo "http://127.0.0.1:$PORT $(cat token.txt)"; exit 0
  fi
  sleep 0.5
done
mv package.kit.json package.json; echo "strapi did not become ready in 120 s"; tail -30 strapi.log; exit 1
