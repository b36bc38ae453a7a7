import { shouldRaiseModal, TransportError } from "@/lib/http/client-fetch";
import { raiseErrorModal } from "@/lib/http/error-bus";

/**
 * Raises the global modal for a failed call that apiFetch did not already show
 * (no connection, a 4xx without an error code). Callers use it for failures they
 * do not explain inline, so every failure is seen exactly once.
 */
export function reportUnshownError(error: unknown): void {
  if (error instanceof TransportError) {
    if (error.kind === "cancel") return;
    if (error.status !== undefined && shouldRaiseModal(error.status, error.body)) return;
    raiseErrorModal({ message: error.message });
    return;
  }
  raiseErrorModal({ message: error instanceof Error ? error.message : undefined });
}
