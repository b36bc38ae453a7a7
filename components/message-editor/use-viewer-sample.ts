"use client";

import { useMemo } from "react";
import { useSignedInUser } from "@/components/use-signed-in-user";
import { withSampleUser } from "@/lib/templates/context";
import type { MessageEditorData } from "./types";

/**
 * The editors' data with the signed-in user as the preview's `{user}`. Plugin pages are
 * cached for every manager of the guild, so the server draws them with a stand-in (the
 * owner); the user comes from the same request the header's user menu makes.
 */
export function useViewerSample(data: MessageEditorData): MessageEditorData {
  const user = useSignedInUser();
  return useMemo(() => {
    // Anything but a user (an error page, an empty answer) leaves the stand-in in place.
    if (typeof user?.id !== "string" || typeof user.username !== "string") return data;
    return {
      ...data,
      context: withSampleUser(data.context, user),
      members: { ...data.members, [user.id]: user.global_name ?? user.username },
    };
  }, [data, user]);
}
