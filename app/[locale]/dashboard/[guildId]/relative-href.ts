/**
 * `to` written as briefly as a browser resolves it from the page at `from`: a sibling by its
 * name, a sibling of the parent with "../", anything else as it is. The guild menu's ~40 links
 * are on every guild page, and their shared `/en/dashboard/{id}/` was 1.5 KB of each page's HTML.
 */
export function relativeHref(from: string, to: string): string {
  const dir = from.slice(0, from.lastIndexOf("/") + 1);
  if (to.startsWith(dir) && to.length > dir.length) return to.slice(dir.length);
  const parent = dir.slice(0, dir.lastIndexOf("/", dir.length - 2) + 1);
  if (parent.length > 1 && to.startsWith(parent) && to.length > parent.length) return `../${to.slice(parent.length)}`;
  return to;
}
