import "server-only";
import Chargebee from "chargebee";
import { getEnv, type ChargebeeSettings } from "@/lib/env";
import { ApiError } from "@/lib/http/api-error";

// The one Chargebee SDK instance, built from lib/env. Against the local fake the SDK's own
// options point it there: site = the fake's host, hostSuffix "", protocol and port of
// CHARGEBEE_API_URL (the SDK builds {protocol}://{site}{hostSuffix}:{port}/api/v2/...).

let cached: { key: string; client: Chargebee } | undefined;

export function chargebeeSettings(): ChargebeeSettings {
  const settings = getEnv().chargebee;
  if (!settings) throw billingUnavailable();
  return settings;
}

export function chargebee(): Chargebee {
  const settings = chargebeeSettings();
  const key = `${settings.site} ${settings.apiKey} ${settings.apiUrl}`;
  if (cached?.key === key) return cached.client;
  const target = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const client = new Chargebee({
    apiKey: settings.apiKey,
    site: target ? target.hostname : settings.site,
    timeout: 10_000,
    ...(target ? { hostSuffix: "", protocol: target.protocol === "https:" ? "https" : "http", port: Number(target.port || (target.protocol === "https:" ? 443 : 80)) } : {}),
  });
  cached = { key, client };
  return client;
}

export function billingUnavailable(): ApiError {
  return new ApiError(503, "billing_unavailable", "Payments are unavailable right now. Please try again in a few minutes.");
}

type SdkError = { http_status_code?: number; api_error_code?: string; message?: string };

/**
 * What a failed Chargebee call means to the caller: the provider down or unreachable is 503
 * (try later); a refusal (a cancelled subscription paused, an unknown id) keeps its status with
 * the provider's reason.
 */
export function toBillingError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const sdk = (error ?? {}) as SdkError;
  const status = sdk.http_status_code;
  if (!status || status >= 500 || status === 401 || status === 429) return billingUnavailable();
  if (status === 404) return new ApiError(404, "billing_not_found", "The payment provider does not know this subscription or checkout.");
  return new ApiError(409, "billing_refused", sdk.message ?? "The payment provider refused this change.");
}

/** Runs a Chargebee call, answering its failure as toBillingError does. */
export async function callChargebee<T>(run: (client: Chargebee) => Promise<T>): Promise<T> {
  try {
    return await run(chargebee());
  } catch (error) {
    throw toBillingError(error);
  }
}
