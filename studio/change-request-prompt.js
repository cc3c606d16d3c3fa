import { html } from './html.js';
import { mayWrite } from './change-request-words.js';
import { useChangeRequests } from './change-requests.js';
import { href } from './router.js';
import { NewChangeRequest } from './where-saves-go.js';

/**
 * Who saves where (docs/guide/studio.md, "Change requests"): a credential that may manage the site
 * (publish every type: a full-access token, an administrator's role) saves on the Published site, as
 * Strapi's Content Manager does. Anyone else editing on the Published site is asked first to start
 * a change request, as Decap's editorial workflow puts each change on a branch: this notice, above
 * the form, offers a new one (the same document opens on it) or an open one. Saving here stays
 * possible for what their role grants (the server decides), so nothing that worked before breaks.
 */
export function ChangeRequestPrompt({ models, model, documentId, locale }) {
  const { list, mayManage } = useChangeRequests();
  if (!list || mayManage !== false || !mayWrite(models)) return null;
  const type = model.kind === 'singleType' ? model.singularName : model.pluralName;
  const open = list.changeRequests.slice(0, 5);
  return html`<aside class="change-request-prompt" aria-labelledby="change-request-prompt-title">
    <h2 id="change-request-prompt-title">You are editing the Published site</h2>
    <p>Saves here change the site's content at once. To have your edits reviewed before they go live, work in a change request.</p>
    <div class="actions"><${NewChangeRequest} id="prompt-change-request" label="Start a change request" /></div>
    ${open.length > 0 && html`<p>Or continue in ${open.map((one, index) => html`${index ? ', ' : ''}<a
      href=${href(type, documentId ?? (model.kind === 'singleType' ? undefined : 'new'), { locale }, one.name)}>${one.name}</a>`)}.</p>`}
  </aside>`;
}
