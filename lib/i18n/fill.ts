// The one filler of `{name}` placeholders in a string translated on the server and handed to
// a client island (islands get no ICU plurals: their phrasings avoid them). A placeholder with
// no value stays as written, so a missing value shows in review instead of vanishing.

/** Fills `{name}` placeholders; numbers as given (format them first where the locale matters). */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? String(values[key]) : whole));
}
