import { z } from "zod";

// Injected failures for testing how the app copes with a flaky platform.
// A fault matches API requests whose path (after /api/v10) or route template
// contains `path`, optionally only for one method, and is used up after
// `count` matches.

export const faultSchema = z
  .object({
    path: z.string().min(1).max(500),
    method: z
      .string()
      .regex(/^[A-Za-z]{3,7}$/)
      .transform((method) => method.toUpperCase())
      .optional(),
    /** 403 answers Missing Permissions (50013): a bot that lost its permissions in a channel. */
    status: z.union([z.literal(200), z.literal(403), z.literal(429), z.literal(500), z.literal(502), z.literal(503), z.literal(504)]),
    count: z.int().min(1).max(1_000_000).default(1),
    /** Seconds, for 429. */
    retry_after: z.number().min(0).max(3600).optional(),
    /** Answer this much later (with status 200: slow but successful). */
    delay_ms: z.int().min(0).max(120_000).optional(),
    /** With status 200: do what was asked at once, then hold the answer this long (the client may be gone by then). */
    answer_delay_ms: z.int().min(0).max(120_000).optional(),
    global: z.boolean().optional(),
  })
  .refine((fault) => fault.status !== 200 || (fault.delay_ms ?? 0) > 0 || (fault.answer_delay_ms ?? 0) > 0, {
    message: "status 200 only makes sense with delay_ms or answer_delay_ms",
    path: ["delay_ms"],
  });

/** What callers pass in (count defaults to 1). */
export type Fault = z.input<typeof faultSchema>;
export type ActiveFault = z.output<typeof faultSchema>;

export const DEFAULT_RETRY_AFTER_SECONDS = 1;

export class FaultList {
  private faults: ActiveFault[] = [];

  /** Validates and queues a fault; throws a ZodError on bad input. */
  add(fault: Fault): ActiveFault {
    const parsed = faultSchema.parse(fault);
    this.faults.push(parsed);
    return parsed;
  }

  /** The first matching fault, spending one of its uses. */
  take(method: string, path: string, template: string): ActiveFault | null {
    const index = this.faults.findIndex(
      (fault) => (!fault.method || fault.method === method) && (path.includes(fault.path) || template.includes(fault.path)),
    );
    if (index < 0) return null;
    const fault = this.faults[index] as ActiveFault;
    fault.count -= 1;
    if (fault.count <= 0) this.faults.splice(index, 1);
    return { ...fault };
  }

  list(): ActiveFault[] {
    return this.faults.map((fault) => ({ ...fault }));
  }

  clear(): void {
    this.faults = [];
  }
}
