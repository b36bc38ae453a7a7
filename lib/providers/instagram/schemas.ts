import { z } from "zod";
import { inputText } from "@/lib/validation/text";

// The parts of the Instagram Graph API's business discovery answer the adapter reads.

export const discoveredUser = z.object({
  id: inputText(),
  username: inputText().min(1),
  name: inputText().optional(),
  profile_picture_url: inputText().optional(),
  followers_count: z.number().int().optional(),
  media: z
    .object({
      data: z.array(z.object({ id: inputText().min(1), caption: inputText().optional(), permalink: inputText().optional(), timestamp: inputText(), media_url: inputText().optional() })),
    })
    .optional(),
});
export type DiscoveredUser = z.infer<typeof discoveredUser>;
export type DiscoveredMedia = NonNullable<DiscoveredUser["media"]>["data"][number];

export const discoveryAnswer = z.object({ business_discovery: discoveredUser, id: inputText() });

/** The Graph API's error body (HTTP 400 or 403): `code` tells what went wrong. */
export const graphError = z.object({
  error: z.object({ message: inputText().optional(), code: z.number().int(), error_subcode: z.number().int().optional() }),
});
