import type { ContentIndex } from '../index/content-index.js';
import { isLocalizedAttribute, isToMany, type Model } from '../schema/types.js';
import { USER_UID } from '../schema/user-model.js';
import type { InverseChange } from '../schema/validate-entry.js';
import { sameData } from '../storage/serialize.js';
import type { Data } from '../types.js';
import type { FileRecord } from '../index/read-file.js';
import type { StoredDocument } from '../storage/serialize.js';
import type { DocumentFiles } from './document-files.js';

const listOf = (value: unknown): string[] =>
  (value === null || value === undefined
    ? []
    : (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string'));

/** Per model, its relation attributes with an inverse side (`inversedBy`): every write walks these, not every attribute. */
const owningSides = new WeakMap<Model, string[]>();
function owningRelations(model: Model): string[] {
  let names = owningSides.get(model);
  if (!names) {
    names = model.attributeNames.filter((name) => model.attributes[name].type === 'relation' && !!model.attributes[name].inversedBy);
    owningSides.set(model, names);
  }
  return names;
}

/** Runs work under another document's lock (the writer's per-document lock). */
type OwnerLock = (owner: Model, documentId: string, work: () => Promise<void>) => Promise<void>;

/**
 * The writes one document's write makes on other files: the owning side of inverse relations,
 * a oneToOne target released by its earlier holder, and non-localized fields shared by the other
 * locales. Each returns the files it touched (for the write's commit and events).
 */
export class LinkedWrites {
  constructor(private readonly index: ContentIndex, private readonly files: DocumentFiles, private readonly ownerLock: OwnerLock) {}

  /**
   * Whether a write from `before` to `next` links or unlinks anything through an owning side with an inverse: only then
   * can orderInverseSides or releaseOneToOne touch another file (a create without relations skips both, and their
   * promises).
   */
  linksOwningSides(model: Model, before: Data, next: Data): boolean {
    return owningRelations(model).some((name) => listOf(before[name]).length > 0 || listOf(next[name]).length > 0);
  }

  /**
   * Inverse-side relation writes land on the owning documents (every version of each, in the
   * owners' locale): owners that gain the link get this documentId, owners that lose it drop it.
   * Owner timestamps stay: the owner's own fields did not change.
   */
  async applyInverse(model: Model, documentId: string, changes: InverseChange[] = []): Promise<string[]> {
    const touched: string[] = [];
    // a to-one owner taken from another document leaves that document's inverse order
    const taken: { owner: Model; ownerId: string; locale: string | null; before: Data; after: Data }[] = [];
    for (const change of changes) {
      const owner = this.index.model(change.ownerUid);
      const many = isToMany(owner.attributes[change.ownerAttribute]);
      for (const ownerId of [...change.add, ...change.remove]) {
        const linking = change.add.includes(ownerId);
        const relink = async () => {
          for (const record of this.index.documentRecords(owner.uid, ownerId)) {
            if (owner.localized && record.locale !== change.locale) continue;
            const stored = record.data[change.ownerAttribute];
            const list = stored === null || stored === undefined ? [] : Array.isArray(stored) ? (stored as string[]) : [stored as string];
            const value = many
              ? (linking ? (list.includes(documentId) ? list : [...list, documentId]) : list.filter((id) => id !== documentId))
              : (linking ? documentId : stored === documentId ? null : stored);
            if (sameData(value, stored ?? (many ? [] : null))) continue;
            const data: Data = Object.assign(Object.create(null), record.data, { [change.ownerAttribute]: value });
            if (await this.files.write(owner, record.file, this.files.storedFrom(owner, record, data))) touched.push(record.file);
            if (!many && typeof stored === 'string' && stored !== documentId) {
              const [before, after] = [{ [change.ownerAttribute]: stored }, { [change.ownerAttribute]: value }];
              taken.push({ owner, ownerId, locale: record.locale, before, after });
            }
          }
        };
        // Owners of another type take their own lock; within one type (a self-relation) the
        // caller's lock is the one held, and taking the owner's could deadlock with its writer.
        if (owner.uid === model.uid) await relink();
        else await this.ownerLock(owner, ownerId, relink);
      }
    }
    for (const { owner, ownerId, locale, before, after } of taken) {
      touched.push(...(await this.orderInverseSides(owner, ownerId, locale, before, after, documentId)));
    }
    return touched;
  }

  /**
   * An owning-side write that links or unlinks a target whose inverse side is to-many keeps that
   * side's order as Strapi's join table does: a new link goes last (connect order), an unlinked
   * owner leaves the list. The target's file is written only when it must be: when it already keeps
   * an order, or when the new owner is not the last-created of its owners (creation order would
   * misplace it), so a new document linking a target leaves the target's file untouched. Both
   * localized: only the target in the owner's locale (Strapi links rows of one locale). A user's side
   * (src/extensions) keeps no order: its owners come in creation order.
   */
  async orderInverseSides(
    model: Model, documentId: string, locale: string | null, before: Data, next: Data, writing?: string,
  ): Promise<string[]> {
    const touched: string[] = [];
    for (const name of owningRelations(model)) {
      const attribute = model.attributes[name];
      const target = this.index.models.get(attribute.target!);
      const inverse = target?.attributes[attribute.inversedBy!];
      // A user's rows are the auth state's, no file to keep an order in: its to-many sides list their owners by creation.
      if (!target || !inverse || !isToMany(inverse) || target.uid === USER_UID) continue;
      // The same targets in the same order (a write that leaves this relation alone): none is linked or unlinked.
      if (before[name] === next[name]) continue;
      const wasList = listOf(before[name]);
      const nowList = listOf(next[name]);
      if (wasList.length === nowList.length && wasList.every((id, at) => id === nowList[at])) continue;
      const was = new Set(wasList);
      const now = new Set(nowList);
      for (const targetId of new Set([...was, ...now])) {
        // (`writing`: the document whose own write stores its order, and whose lock the caller holds)
        if (was.has(targetId) === now.has(targetId) || targetId === writing) continue;
        const perLocale = model.localized && target.localized;
        const reorder = async () => {
          // The owners linking the target, from the index's kept links (not a scan of this type's rows).
          const linkingRows = this.index.linkingRows(model.uid, name, targetId).filter((row) => !perLocale || row.locale === locale);
          const owners = [...new Set(linkingRows.map((row) => row.documentId))];
          const linking = now.has(targetId);
          // Another locale of this document still (or already) links the target: it stays an owner
          // and keeps its place, so this version's change leaves the target's order alone.
          if (linkingRows.some((row) => row.documentId === documentId && row.locale !== locale)) return;
          // Unlinked here but still linked by another version (the published one under a draft edit): its place stays.
          if (!linking && owners.includes(documentId)) return;
          for (const record of this.index.documentRecords(target.uid, targetId)) {
            if (perLocale && record.locale !== locale) continue;
            const stored = record.data[attribute.inversedBy!];
            const kept = Array.isArray(stored) ? (stored as string[]) : undefined;
            let order: string[] | undefined;
            if (linking && kept && !kept.includes(documentId)) order = [...kept, documentId];
            else if (linking && !kept && owners.at(-1) !== documentId) order = [...owners.filter((id) => id !== documentId), documentId];
            else if (!linking && kept?.includes(documentId)) order = kept.filter((id) => id !== documentId);
            if (!order) continue;
            const data: Data = Object.assign(Object.create(null), record.data, { [attribute.inversedBy!]: order });
            if (await this.files.write(target, record.file, this.files.storedFrom(target, record, data))) touched.push(record.file);
          }
        };
        if (target.uid === model.uid) await reorder();
        else await this.ownerLock(target, targetId, reorder);
      }
    }
    return touched;
  }

  /**
   * A two-sided oneToOne links each target once: the document that takes it here releases it from
   * any other document of this type that held it (in the same locale), as Strapi's join table does
   * (recorded: rel.profile.owner.steal). Their timestamps stay.
   */
  async releaseOneToOne(model: Model, documentId: string, locale: string | null, next: Data): Promise<string[]> {
    const touched: string[] = [];
    for (const name of owningRelations(model)) {
      const attribute = model.attributes[name];
      if (attribute.relation !== 'oneToOne') continue;
      const taken = next[name];
      if (typeof taken !== 'string') continue;
      const holders = new Set(this.index.linkingRows(model.uid, name, taken)
        .filter((row) => row.documentId !== documentId && row.data[name] === taken && (!model.localized || row.locale === locale))
        .map((row) => row.documentId));
      for (const holder of holders) {
        for (const record of this.index.documentRecords(model.uid, holder)) {
          if (record.data[name] !== taken || (model.localized && record.locale !== locale)) continue;
          const data: Data = Object.assign(Object.create(null), record.data, { [name]: null });
          if (await this.files.write(model, record.file, this.files.storedFrom(model, record, data))) touched.push(record.file);
        }
      }
    }
    return touched;
  }

  /**
   * Non-localized fields stay in sync, as Strapi's i18n middleware syncs them after a write: only
   * the other locales' versions of the status the write produced. A publishing write reaches their
   * published versions (a draft that was the published file keeps the old values in a draft file of
   * its own); a draft write reaches their drafts (a published file that was the draft gets a draft
   * file beside it). Types without draft & publish have one version per locale. Recorded:
   * foodadvisor populate.restaurants.list.draft.star (a new fr-FR localization, published, leaves
   * the en draft's images as they were).
   */
  /** Each locale's draft as read now (taken before a write, for shareUnlocalized). */
  shownDrafts(model: Model, documentId: string): Map<string | null, Data> | undefined {
    if (!model.localized || !model.draftAndPublish) return undefined;
    const rows = this.index.documentRows(model.uid, documentId).filter((row) => row.status === 'draft');
    return new Map(rows.map((row) => [row.locale, row.data]));
  }

  /** `shownDrafts`: the other locales' drafts as they read before this write (see shownDrafts). */
  async shareUnlocalized(
    model: Model, documentId: string, locale: string | null, patch: Record<string, unknown>, next: Data, publish: boolean,
    shownDrafts?: Map<string | null, Data>,
  ): Promise<string[]> {
    if (!model.localized) return [];
    // Only what this version now holds: a new locale leaves a field sent as null to the other locales (prepare-entry).
    const shared = Object.keys(patch)
      .filter((name) => name in next && model.attributes[name] && !isLocalizedAttribute(model, model.attributes[name]));
    if (!shared.length) return [];
    // Every version of that status gets the values, also a file that left them to another locale's:
    // it may have served them from a version of the other status (recorded: fixture fuzz.sync.missing.field)
    const differs = (record: FileRecord) => shared.some((name) => !sameData(record.data[name], next[name]));
    const synced = (record: FileRecord) => {
      const data: Data = Object.assign(Object.create(null), record.data);
      for (const name of shared) data[name] = next[name];
      return data;
    };
    const touched: string[] = [];
    const write = async (file: string, stored: StoredDocument, template?: string) => {
      if (await this.files.write(model, file, stored, template)) touched.push(file);
    };
    const records = this.index.documentRecords(model.uid, documentId).filter((record) => record.locale !== locale);
    for (const other of new Set(records.map((record) => record.locale))) {
      const plain = records.find((record) => record.locale === other && !record.draft);
      const draft = records.find((record) => record.locale === other && record.draft);
      if (!model.draftAndPublish || publish) {
        if (!plain || !differs(plain)) continue;
        if (model.draftAndPublish && !draft) {
          // The draft keeps what it showed, also a field its file left to another locale's file (recorded: fuzz.sync.draft.kept.*)
          const shown = shownDrafts?.get(other);
          const kept: Data = Object.assign(Object.create(null), plain.data);
          for (const name of shared) if (!(name in kept)) kept[name] = shown?.[name] ?? null;
          const draftFile = this.files.pathFor(model, documentId, other, true);
          await write(draftFile, { ...this.files.storedFrom(model, plain, kept), publishedAt: undefined }, plain.file);
        }
        await write(plain.file, this.files.storedFrom(model, plain, synced(plain)));
        continue;
      }
      const source = draft ?? plain;
      if (!source || !differs(source)) continue;
      const file = draft?.file ?? this.files.pathFor(model, documentId, other, true);
      const asDraft = { ...this.files.storedFrom(model, source, synced(source)), publishedAt: undefined };
      await write(file, asDraft, draft ? undefined : plain?.file);
    }
    return touched;
  }
}
