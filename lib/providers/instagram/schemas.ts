import { z } from "zod";

// The parts of the Instagram Graph API's business discovery answer the adapter reads.

export const discoveredUser = z.object({
  id: z.string(),
  username: z.string().min(1),
  name: z.string().optional(),
  profile_picture_url: z.string().optional(),
  followers_count: z.number().int().optional(),
  media: z
    .object({
      data: z.array(z.object({ caption: z.string().optional(), permalink: z.string().optional(), timestamp: z.string(), media_url: z.string().optional() })),
    })
    .optional(),
});
export type DiscoveredUser = z.infer<typeof discoveredUser>;

export const discoveryAnswer = z.object({ business_discovery: discoveredUser, id: z.string() });

/** The Graph API's error body (HTTP 400 or 403): `code` tells what went wrong. */
export const graphError = z.object({
  error: z.object({ message: z.string().optional(), code: z.number().int(), error_subcode: z.number().int().optional() }),
});
