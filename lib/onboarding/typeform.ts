import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { userOnboarding } from "@/lib/db/schema";

// A user's first-login questions (GET/POST /users/@me/onboarding-typeform): who they are on their
// servers and how they found us, and whether they finished or hid the getting-started steps on
// My servers. Saving answers keeps `done`; `done: true` alone hides the steps for good.

export const ROLES = ["owner", "admin", "moderator", "developer", "other"] as const;
export const HEARD_FROM = ["search", "friend", "another_server", "video", "social", "other"] as const;

export const typeformInput = z
  .strictObject({
    answers: z.strictObject({ role: z.enum(ROLES), heard_from: z.enum(HEARD_FROM) }).optional(),
    done: z.literal(true).optional(),
  })
  .refine((input) => input.answers !== undefined || input.done !== undefined, { message: "Send answers, done, or both." });

export type Onboarding = { answers: { role: string; heard_from: string } | null; answered_at: string | null; done: boolean };

function view(row: typeof userOnboarding.$inferSelect | undefined): Onboarding {
  const answers = row?.answers;
  return {
    answers: answers?.role && answers.heard_from ? { role: answers.role, heard_from: answers.heard_from } : null,
    answered_at: row?.answeredAt?.toISOString() ?? null,
    done: Boolean(row?.doneAt),
  };
}

export async function readOnboarding(db: Db, userId: string): Promise<Onboarding> {
  const [row] = await db.select().from(userOnboarding).where(eq(userOnboarding.userId, userId)).limit(1);
  return view(row);
}

export async function saveOnboarding(db: Db, userId: string, input: z.infer<typeof typeformInput>): Promise<Onboarding> {
  const now = new Date();
  const set = {
    ...(input.answers && { answers: input.answers, answeredAt: now }),
    ...(input.done && { doneAt: now }),
  };
  const [row] = await db
    .insert(userOnboarding)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: userOnboarding.userId, set })
    .returning();
  return view(row);
}
