CREATE TABLE "credit_balances" (
	"guild_id" text PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_balances_not_negative" CHECK ("credit_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"guild_id" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"actor_id" text,
	"note" text,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "credit_ledger_guild_idx" ON "credit_ledger" USING btree ("guild_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_reference_idx" ON "credit_ledger" USING btree ("reference");