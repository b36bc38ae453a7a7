// Chargebee's form encoding, read back: `customer[id]=1` is an object field,
// `subscription_items[item_price_id][0]=x` the field of a list's first entry, and
// `coupon_ids[0]=c` a list of values (what the SDK's encodeParams writes).

export type FormValue = string | FormObject | FormValue[];
export type FormObject = { [key: string]: FormValue };

export function parseForm(body: string): FormObject {
  const out: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const [root = key, ...rest] = key.split("[").map((part, index) => (index === 0 ? part : part.replace(/]$/, "")));
    if (rest.length === 0) out[root] = value;
    else if (rest.length === 1 && /^\d+$/.test(rest[0]!)) listAt(out, root)[Number(rest[0])] = value;
    else if (rest.length === 1) objectAt(out, root)[rest[0]!] = value;
    else if (/^\d+$/.test(rest[1]!)) {
      const list = listAt(out, root);
      const entry = (list[Number(rest[1])] ??= {}) as FormObject;
      entry[rest[0]!] = value;
    } else objectAt(objectAt(out, root), rest[0]!)[rest[1]!] = value;
  }
  return out;
}

function listAt(out: FormObject, key: string): FormValue[] {
  if (!Array.isArray(out[key])) out[key] = [];
  return out[key] as FormValue[];
}

function objectAt(out: FormObject, key: string): FormObject {
  const current = out[key];
  if (typeof current !== "object" || Array.isArray(current)) out[key] = {};
  return out[key] as FormObject;
}

/** A string field of a parsed form, or undefined. */
export function field(form: FormObject | undefined, ...path: string[]): string | undefined {
  let current: FormValue | undefined = form;
  for (const key of path) current = current && typeof current === "object" && !Array.isArray(current) ? current[key] : undefined;
  return typeof current === "string" ? current : undefined;
}
