CREATE TABLE "crypto_payments" (
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"guild_id" text NOT NULL,
	"user_id" text NOT NULL,
	"plan" text NOT NULL,
	"period_months" integer NOT NULL,
	"token_address" text,
	"amount" text NOT NULL,
	"usd_cents" integer NOT NULL,
	"from_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crypto_payments_chain_id_tx_hash_pk" PRIMARY KEY("chain_id","tx_hash")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"subscription_id" text,
	"guild_id" text,
	"user_id" text NOT NULL,
	"product" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"customer_id" text,
	"guild_id" text NOT NULL,
	"user_id" text NOT NULL,
	"plan" text NOT NULL,
	"period_months" integer NOT NULL,
	"status" text NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"payment_method" jsonb,
	"with_custom_bot" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_purchases" (
	"user_id" text NOT NULL,
	"product" text NOT NULL,
	"payment_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_purchases_user_id_product_pk" PRIMARY KEY("user_id","product")
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE INDEX "crypto_payments_guild_idx" ON "crypto_payments" USING btree ("guild_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_external_idx" ON "payments" USING btree ("provider","external_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_external_idx" ON "subscriptions" USING btree ("provider","external_id");--> statement-breakpoint
CREATE INDEX "subscriptions_guild_idx" ON "subscriptions" USING btree ("guild_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");