import { z } from "zod";
import { inputText } from "@/lib/validation/text";

// The parts of X API v2 answers the adapter reads (https://docs.x.com/x-api).

export const xUser = z.object({
  id: inputText().regex(/^\d+$/),
  name: inputText(),
  username: inputText().min(1),
  profile_image_url: inputText().optional(),
  public_metrics: z.object({ followers_count: z.number().int() }).partial().optional(),
});
export type XUser = z.infer<typeof xUser>;

const problem = z.object({ type: inputText().optional(), title: inputText().optional(), detail: inputText().optional() });
export type XProblem = z.output<typeof problem>;

/** Users lookup: `data`, or (for an unknown or suspended user) 200 with `errors` only. */
export const userAnswer = z.union([z.object({ data: xUser }), z.object({ errors: z.array(problem).min(1) })]);

const xPost = z.object({ id: inputText().regex(/^\d+$/), text: inputText(), created_at: inputText().optional(), author_id: inputText().optional() });
export type XPost = z.output<typeof xPost>;

/** A user's posts: `data` and `meta`, or (an unknown, suspended or protected user) 200 with `errors` only. */
export const timelineAnswer = z.union([
  z.object({
    data: z.array(xPost).optional(),
    includes: z.object({ users: z.array(xUser).optional() }).optional(),
    meta: z.object({ result_count: z.number().int() }),
  }),
  z.object({ errors: z.array(problem).min(1) }),
]);
