ALTER TABLE "sessions" ADD COLUMN "plan" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "plan_sha256" text;