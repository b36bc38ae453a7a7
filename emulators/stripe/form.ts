// Stripe's request bodies and query strings: form-encoding with bracketed keys
// (`metadata[guild_id]=1`, `line_items[0][price]=p`, `expand[]=x`) read into nested values.

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export function parseStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: FormObject | FormValue[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const slot = part === "" && Array.isArray(node) ? String(node.length) : part;
      const container = node as Record<string, FormValue>;
      if (last) container[slot] = value;
      else {
        const nextIsIndex = /^\d*$/.test(path[index + 1]!);
        container[slot] ??= nextIsIndex ? [] : {};
        node = container[slot] as FormObject | FormValue[];
      }
    });
  }
  return root;
}

export function str(value: FormValue | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

export function obj(value: FormValue | undefined): Record<string, FormValue> {
  return value && typeof value === "object" && !Array.isArray(value) ? value : Array.isArray(value) ? Object.fromEntries(value.map((item, index) => [String(index), item])) : {};
}

/** A metadata map with Stripe's rule that an empty value removes the key. */
export function mergeMetadata(current: Record<string, string>, update: FormValue | undefined): Record<string, string> {
  if (update === "") return {};
  const next = { ...current };
  for (const [key, value] of Object.entries(obj(update))) {
    if (value === "") delete next[key];
    else if (typeof value === "string") next[key] = value;
  }
  return next;
}
