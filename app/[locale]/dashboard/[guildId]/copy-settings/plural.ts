// The import plan arrives in the browser after the page rendered, and no ICU formatter is
// loaded there: this reads the one form of message the plan's counts use,
// "{count, plural, =0 {…} one {# …} other {# …}}", the way next-intl would on the server.

/** The text of `message` for `count`; text around the plural block is kept, `#` is the count in the locale's digits. */
export function plural(message: string, count: number, locale: string): string {
  const start = message.indexOf("{count, plural,");
  if (start < 0) return message;
  const end = closingBrace(message, start);
  if (end < 0) return message;
  const forms = pluralForms(message.slice(start + "{count, plural,".length, end));
  const chosen = forms.get(`=${count}`) ?? forms.get(new Intl.PluralRules(locale).select(count)) ?? forms.get("other") ?? "";
  const number = new Intl.NumberFormat(locale).format(count);
  return message.slice(0, start) + chosen.replace(/#/g, number) + message.slice(end + 1);
}

/** Selector → text of each branch ("one {# item}" → one: "# item"). */
function pluralForms(body: string): Map<string, string> {
  const forms = new Map<string, string>();
  let at = 0;
  while (at < body.length) {
    const open = body.indexOf("{", at);
    if (open < 0) break;
    const selector = body.slice(at, open).trim();
    const close = closingBrace(body, open);
    if (close < 0) break;
    forms.set(selector, body.slice(open + 1, close));
    at = close + 1;
  }
  return forms;
}

function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    if (text[index] === "{") depth += 1;
    else if (text[index] === "}" && --depth === 0) return index;
  }
  return -1;
}
