// What a client of a migrated project relies on, asked of Strapi 5.54 (record.mjs) and of this
// server after `cms init --from-strapi` and `cms import` (migration-from-strapi.test.ts): media by
// Strapi's file id, media set by numeric id, filters[id], sort=id, the `timestamp` type, creation
// order to the millisecond, and the locales. `@@f1`, `@@e2` … are the seed's file ids and documentIds.
// `write: true` cases change content: their answers' own times are not compared (a write stamps now).

const ids = (type, rows) => rows.flatMap(({ id, status, locale }) => [
  { id: `filter.id.${type}.${id}`, path: `/api/${type}?filters[id][$eq]=${id}&status=${status}${locale ? `&locale=${locale}` : ''}` },
]);

/** The cases, given the seed's captures (`vars`: file ids, documentIds, and the row ids Strapi answered). */
export function migrationCases(vars) {
  const cases = [
    { id: 'locales', path: '/api/i18n/locales' },
    { id: 'files.list', path: '/api/upload/files' },
    { id: 'files.sorted.by.id.desc', path: '/api/upload/files?sort=id:desc' },
    ...vars.fileIds.map((id) => ({ id: `files.one.${id}`, path: `/api/upload/files/${id}` })),
    { id: 'files.deleted.id', path: `/api/upload/files/${vars.deletedFileId}` },
    { id: 'files.filter.id', path: `/api/upload/files?filters[id][$in][0]=${vars.fileIds[0]}&filters[id][$in][1]=${vars.fileIds.at(-1)}` },
    ...ids('events', vars.eventRows),
    ...ids('articles', vars.articleRows),
    { id: 'filter.id.in.events', path: `/api/events?filters[id][$in][0]=${vars.eventRows[0].id}&filters[id][$in][1]=${vars.eventRows.at(-1).id}` },
    { id: 'filter.id.gt.articles', path: `/api/articles?filters[id][$gt]=${vars.articleRows[1].id}&status=draft&sort=id:asc` },
    { id: 'sort.id.asc.events', path: '/api/events?sort=id:asc&populate=*' },
    { id: 'sort.id.desc.articles', path: '/api/articles?sort=id:desc&populate=*' },
    { id: 'sort.id.asc.articles.draft', path: '/api/articles?sort=id:asc&status=draft' },
    { id: 'sort.id.asc.articles.fr', path: '/api/articles?sort=id:asc&locale=fr&status=draft' },
    { id: 'sort.createdAt.asc.events', path: '/api/events?sort=createdAt:asc&fields[0]=title' },
    { id: 'sort.createdAt.desc.articles', path: '/api/articles?sort=createdAt:desc&status=draft&fields[0]=title' },
    { id: 'timestamp.read', path: '/api/events?sort=id:asc&fields[0]=startsAt&fields[1]=endsAt' },
    { id: 'timestamp.eq.ms', path: '/api/events?filters[startsAt][$eq]=1709763594646&fields[0]=startsAt' },
    { id: 'timestamp.eq.iso', path: '/api/events?filters[startsAt][$eq]=2024-03-06T22:19:54.646Z&fields[0]=startsAt' },
    { id: 'timestamp.gt.date', path: '/api/events?filters[startsAt][$gt]=2024-03-06&fields[0]=startsAt&sort=id:asc' },
    { id: 'timestamp.contains', path: '/api/events?filters[startsAt][$contains]=17097&fields[0]=startsAt&sort=id:asc' },
    { id: 'timestamp.null', path: '/api/events?filters[startsAt][$null]=true&fields[0]=startsAt' },
    { id: 'timestamp.sort.desc', path: '/api/events?sort=startsAt:desc&fields[0]=startsAt' },
    { id: 'timestamp.bad.filter', path: '/api/events?filters[startsAt][$eq]=nope' },
    { id: 'media.by.id.populated', path: `/api/events/${vars.e1}?populate=*` },
    // Writes, last: media set by Strapi's numeric file ids, a timestamp written as ms and as ISO.
    { id: 'write.media.by.id', write: true, method: 'PUT', path: `/api/events/${vars.e2}?populate=*`,
      body: { data: { poster: vars.fileIds[0], gallery: [vars.fileIds.at(-1), vars.fileIds[0]], startsAt: 1700000000123 } } },
    { id: 'write.media.by.id.article', write: true, method: 'PUT', path: `/api/articles/${vars.a1}?populate=cover`,
      body: { data: { cover: vars.fileIds.at(-1) } } },
    { id: 'write.timestamp.iso', write: true, method: 'POST', path: '/api/events?fields[0]=startsAt&populate=poster',
      body: { data: { title: 'New', startsAt: '2025-01-02T03:04:05.678Z', poster: vars.fileIds.at(-1) } } },
    { id: 'write.timestamp.bad', write: true, method: 'POST', path: '/api/events', body: { data: { title: 'Bad', startsAt: 'soon' } } },
    { id: 'write.missing.media.id', write: true, method: 'PUT', path: `/api/events/${vars.e2}`, body: { data: { poster: vars.deletedFileId } } },
    { id: 'after.writes.sort.id', path: '/api/events?sort=id:asc&fields[0]=title' },
    { id: 'after.writes.file.by.id', path: `/api/upload/files/${vars.fileIds[0]}?populate=related` },
  ];
  return cases;
}
