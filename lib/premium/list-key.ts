// Safe for the browser (no definitions, no zod): the collection islands look their premium limit up by it.

/** Key of a collection in the premium limits the form labels carry ("timers/timers"). */
export const listKey = (pluginId: string, collection: string) => `${pluginId}/${collection}`;
