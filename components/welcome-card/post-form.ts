import { LOCALE_HEADER } from "@/lib/http/api-locale";
import { classifyStatus, errorCodeOf, errorMessageOf, getSessionId, pageLocale, shouldRaiseModal, TransportError, xsrfToken } from "@/lib/http/client-fetch";
import { raiseErrorModal } from "@/lib/http/error-bus";
import { SESSION_ID_HEADER, XSRF_HEADER } from "@/lib/http/xsrf-names";

/**
 * apiFetch for a multipart body (apiFetch sends JSON only): same headers, same error
 * classes, the global modal for failures whose code the caller does not show itself.
 */
export async function postForm<T>(path: string, form: FormData, handles: readonly string[] = []): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", [SESSION_ID_HEADER]: getSessionId() };
  // Errors come back in the page's language, as apiFetch asks (the avatar's wait, the image checks).
  const locale = pageLocale();
  if (locale) headers[LOCALE_HEADER] = locale;
  const xsrf = await xsrfToken();
  if (xsrf) headers[XSRF_HEADER] = xsrf;
  let response: Response;
  try {
    // No Content-Type: the browser writes the multipart boundary itself.
    response = await fetch(`/api${path}`, { method: "POST", headers, body: form, credentials: "same-origin" });
  } catch (error) {
    throw new TransportError("connection_error", error instanceof Error ? error.message : "Could not reach the server.");
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) return body as T;
  const message = errorMessageOf(body);
  if (!handles.includes(errorCodeOf(body) ?? "") && shouldRaiseModal(response.status, body)) raiseErrorModal({ message });
  throw new TransportError(classifyStatus(response.status), message ?? `HTTP ${response.status}`, response.status, body);
}
