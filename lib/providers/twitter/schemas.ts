import { z } from "zod";

// The parts of X API v2 answers the adapter reads (https://docs.x.com/x-api).

export const xUser = z.object({
  id: z.string().regex(/^\d+$/),
  name: z.string(),
  username: z.string().min(1),
  profile_image_url: z.string().optional(),
  public_metrics: z.object({ followers_count: z.number().int() }).partial().optional(),
});
export type XUser = z.infer<typeof xUser>;

const problem = z.object({ type: z.string().optional(), title: z.string().optional(), detail: z.string().optional() });

/** Users lookup: `data`, or (for an unknown or suspended user) 200 with `errors` only. */
export const userAnswer = z.union([z.object({ data: xUser }), z.object({ errors: z.array(problem).min(1) })]);

export const timelineAnswer = z.object({
  data: z.array(z.object({ id: z.string(), text: z.string(), created_at: z.string().optional(), author_id: z.string().optional() })).optional(),
  includes: z.object({ users: z.array(xUser).optional() }).optional(),
  meta: z.object({ result_count: z.number().int() }),
  errors: z.array(problem).optional(),
});
