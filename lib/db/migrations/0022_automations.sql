CREATE TABLE "automation_steps" (
	"guild_id" text NOT NULL,
	"automation_id" text NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"step" integer NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_steps_automation_id_scheduled_for_step_pk" PRIMARY KEY("automation_id","scheduled_for","step")
);
--> statement-breakpoint
CREATE INDEX "automation_steps_guild_idx" ON "automation_steps" USING btree ("guild_id","taken_at");