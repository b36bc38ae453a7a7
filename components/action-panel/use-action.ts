"use client";

import { useState } from "react";
import { errorMessageOf, TransportError } from "@/lib/http/client-fetch";

/** A refusal as the page shows it: the envelope's sentence, and each field's beside that field. */
export type Refusal = { code: string | null; message: string; fields: Record<string, string> };

/** What the server refused, in the page's language (the envelope's sentences); `fallback` when nothing came back. */
export function refusalOf(error: unknown, fallback: string): Refusal {
  const body = error instanceof TransportError ? (error.body as { code?: unknown; fields?: Array<{ path: string; message: string }> } | undefined) : undefined;
  const fields = Object.fromEntries((body?.fields ?? []).map((field) => [field.path, field.message]));
  return { code: typeof body?.code === "string" ? body.code : null, message: errorMessageOf(body) ?? fallback, fields };
}

/**
 * One action of the page (a form's save, a button): busy while it runs, then either its
 * success sentence or the refusal, both announced. Runs one at a time.
 */
export function useAction(fallback: string) {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  async function run(action: () => Promise<string | null>) {
    if (busy) return;
    setBusy(true);
    setDone(null);
    setRefusal(null);
    try {
      setDone(await action());
    } catch (error) {
      setRefusal(refusalOf(error, fallback));
    } finally {
      setBusy(false);
    }
  }

  return { busy, done, refusal, run, clear: () => (setDone(null), setRefusal(null)) };
}
