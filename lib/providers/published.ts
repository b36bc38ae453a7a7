// `{published}` in every provider's alerts: a platform timestamp (`<t:unix:f>`), which the
// platform shows in each reader's own time zone and language, as the previews do.

/** The `{published}` value for an ISO 8601 date; empty when there is none or it cannot be read. */
export function publishedValue(iso: string | null | undefined): string {
  const at = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(at) ? `<t:${Math.floor(at / 1000)}:f>` : "";
}
