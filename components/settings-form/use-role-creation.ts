"use client";

import { useState } from "react";
import { apiFetch, errorCodeOf, errorMessageOf, TransportError } from "@/lib/http/client-fetch";
import { reportUnshownError } from "@/components/report-error";
import { fill } from "@/lib/i18n/fill";
import type { PickerRole } from "./types";

/** What a role picker needs to offer "+ Create role": the guild, and its three sentences ({name}). */
export type RoleCreation = { guildId: string; text: { option: string; busy: string; done: string } };

export type RoleCreationStatus = { kind: "idle" } | { kind: "busy" | "done"; name: string } | { kind: "failed"; message: string };

// The refusals a manager can act on, shown under the picker in their words rather than in the error modal.
const SHOWN_INLINE = ["validation_failed", "role_create_not_allowed", "role_limit_reached", "role_bot_missing_permission"];

/**
 * "+ Create role “name”" in a role picker: POST /guilds/{id}/roles, then the new role is chosen.
 * It is kept here until the page, re-rendered after the write, lists it for every picker.
 */
export function useRoleCreation(creation: RoleCreation | undefined, choose: (roleId: string) => void) {
  const [status, setStatus] = useState<RoleCreationStatus>({ kind: "idle" });
  const [made, setMade] = useState<PickerRole[]>([]);

  async function run(guildId: string, name: string) {
    setStatus({ kind: "busy", name });
    try {
      const { role } = await apiFetch<{ role: Omit<PickerRole, "assignable" | "reason"> }>(`/guilds/${guildId}/roles`, { method: "POST", body: { name }, handles: SHOWN_INLINE });
      // Made just above @everyone, so below the bot's role: the bot can give it.
      setMade((list) => [...list, { ...role, assignable: true }]);
      choose(role.id);
      setStatus({ kind: "done", name: role.name });
    } catch (error) {
      const inline = error instanceof TransportError && SHOWN_INLINE.includes(errorCodeOf(error.body) ?? "") ? errorMessageOf(error.body) : undefined;
      if (inline) setStatus({ kind: "failed", message: inline });
      else {
        setStatus({ kind: "idle" });
        reportUnshownError(error);
      }
    }
  }

  const create = creation && status.kind !== "busy" ? { label: (name: string) => fill(creation.text.option, { name }), run: (name: string) => void run(creation.guildId, name) } : undefined;
  const note = !creation || status.kind === "idle" ? "" : status.kind === "failed" ? status.message : fill(status.kind === "busy" ? creation.text.busy : creation.text.done, { name: status.name });
  return { create, made, status, note };
}

/** The page's roles plus those made here that it does not list yet. */
export function withMadeRoles(roles: PickerRole[], made: readonly PickerRole[]): PickerRole[] {
  const missing = made.filter((role) => !roles.some((listed) => listed.id === role.id));
  return missing.length ? [...roles, ...missing] : roles;
}
