// Change requests in editors' words, and who may do what with them: plain code, no request (tested in Node).

/** A name suggested for a new change request: `edits/2026-03-14-k3f9`. */
export const suggestedName = () => `edits/${new Date().toISOString().slice(0, 10)}-${Math.random().toString(36).slice(2, 6)}`;

/** The content type a changed document belongs to, among the ones this credential may read. */
export const modelOf = (models, document) => models.find((model) => (model.kind === 'singleType'
  ? model.singularName : model.pluralName) === document.apiName);

const NEEDS = { added: 'create', changed: 'update', deleted: 'delete' };

/**
 * Whether this credential may merge a change request into the Published site: it may publish every
 * type the change request changes (here, as in Strapi's REST API, publishing is an update), and
 * `create`/`delete` where it adds or deletes a document. The server decides again (and says so in
 * `mayMerge` when it answers it); a change request that changes only files of no content type
 * (schemas) needs a credential that may do everything (`mayManage` of the change-request list).
 */
export function mayMerge(changeRequest, models, mayManage) {
  if (typeof changeRequest.mayMerge === 'boolean') return changeRequest.mayMerge;
  if (!changeRequest.documents.length) return mayManage;
  return changeRequest.documents.every((document) => {
    const model = modelOf(models, document);
    return !!model && ['update', NEEDS[document.change] ?? 'update'].every((action) => model.actions.includes(action));
  });
}

/** Whether this credential may write any content: it may start a change request. */
export const mayWrite = (models) => models.some((model) => ['create', 'update', 'delete'].some((action) => model.actions.includes(action)));

const SITES = { 'github.com': 'GitHub', 'gitlab.com': 'GitLab', 'bitbucket.org': 'Bitbucket', 'codeberg.org': 'Codeberg' };
/** The hosting site of a pull request page, by name where it is a known one. */
export const siteOf = (url) => SITES[new URL(url).hostname] ?? 'the hosting site';

/** A changed document's field names (the server tells them as names, or as `{ field, before, after }`). */
export const fieldNames = (fields) => (fields ?? []).map((field) => (typeof field === 'string' ? field : field.field));

/**
 * A merge conflict in document and field words (the server's `{ file, type, documentId, field, reason }`):
 * "Article “Pizza napoletana”: title was changed here and on the Published site". A file of no
 * content type (a schema) is named by its path; a whole file in conflict (`field` null) says why.
 */
export function conflictWords(conflict, changeRequest, models) {
  const document = conflict.documentId ? changeRequest.documents.find((one) => one.documentId === conflict.documentId) : undefined;
  const model = models.find((one) => [one.uid, one.displayName, one.pluralName, one.singularName].includes(conflict.type));
  const type = document?.type ?? model?.displayName;
  const what = type ? `${type} “${document?.title ?? conflict.documentId ?? conflict.file}”` : `File ${conflict.file}`;
  if (conflict.field) return `${what}: ${conflict.field} was changed here and on the Published site`;
  return `${what}: ${/delete/.test(conflict.reason ?? '')
    ? 'changed on one side and deleted on the other' : 'changed here and on the Published site'}`;
}
