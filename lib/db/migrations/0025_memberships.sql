CREATE TABLE "membership_accounts" (
	"guild_id" text PRIMARY KEY NOT NULL,
	"stripe_account_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_invoices" (
	"stripe_invoice_id" text PRIMARY KEY NOT NULL,
	"guild_id" text NOT NULL,
	"membership_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"guild_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"period" text NOT NULL,
	"role_id" text NOT NULL,
	"stripe_price_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" text PRIMARY KEY NOT NULL,
	"guild_id" text NOT NULL,
	"user_id" text NOT NULL,
	"plan_id" text,
	"role_id" text NOT NULL,
	"stripe_account_id" text NOT NULL,
	"stripe_subscription_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"status" text NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "membership_invoices_guild_idx" ON "membership_invoices" USING btree ("guild_id","paid_at");--> statement-breakpoint
CREATE INDEX "membership_plans_guild_idx" ON "membership_plans" USING btree ("guild_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_subscription_idx" ON "memberships" USING btree ("stripe_subscription_id");--> statement-breakpoint
CREATE INDEX "memberships_guild_idx" ON "memberships" USING btree ("guild_id");--> statement-breakpoint
CREATE INDEX "memberships_user_idx" ON "memberships" USING btree ("user_id");