CREATE TABLE "crypto_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"guild_id" text NOT NULL,
	"plan" text NOT NULL,
	"period_months" integer NOT NULL,
	"chain_id" integer NOT NULL,
	"asset" text NOT NULL,
	"recipient" text NOT NULL,
	"payer" text NOT NULL,
	"amount" text NOT NULL,
	"usd_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tx_hash" text
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "free_month_granted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_checkouts_payer_amount_idx" ON "crypto_checkouts" USING btree ("chain_id","asset","payer","amount");--> statement-breakpoint
CREATE INDEX "crypto_checkouts_user_idx" ON "crypto_checkouts" USING btree ("user_id");