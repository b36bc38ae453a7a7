import { generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";
import type { FakePlan } from "./credentials";

// What the PayPal fake holds: access tokens, subscriptions, remembered PayPal-Request-Id answers
// and the events it sent. Tests read and change it directly (the fault switches included).

export type FakeSubscription = {
  id: string;
  baToken: string;
  plan: FakePlan;
  customId: string;
  status: "APPROVAL_PENDING" | "APPROVED" | "ACTIVE" | "SUSPENDED" | "CANCELLED" | "EXPIRED";
  returnUrl: string;
  cancelUrl: string;
  brandName: string | null;
  createTime: string;
  statusUpdateTime: string;
  startTime: string | null;
  nextBillingTime: string | null;
  lastPayment: { cents: number; time: string } | null;
  failedPayments: number;
  payerId: string | null;
};

export type FakeEvent = { id: string; type: string; payload: string; delivered: boolean };

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** PayPal-looking ids: uppercase letters and digits after a prefix (I-…, BA-…, WH-…). */
export function paypalId(prefix: string, length = 13): string {
  return `${prefix}${[...randomBytes(length)].map((byte) => ALPHABET[byte % ALPHABET.length]).join("")}`;
}

export class PaypalFakeState {
  tokens = new Map<string, number>();
  subscriptions = new Map<string, FakeSubscription>();
  idempotent = new Map<string, { status: number; body: unknown }>();
  events: FakeEvent[] = [];
  /** PayPal's outage: every /v1 call answers 503 while true. */
  down = false;
  /** The key webhook transmissions are signed with; its public half is served at the cert URL. */
  readonly keys: { privateKey: KeyObject; publicKey: KeyObject } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  /** A fixed clock for tests; the real time otherwise. */
  clock: (() => Date) | null = null;

  now(): Date {
    return this.clock?.() ?? new Date();
  }

  byBaToken(token: string): FakeSubscription | undefined {
    return [...this.subscriptions.values()].find((sub) => sub.baToken === token);
  }
}
