ALTER TABLE "devices" ADD COLUMN "paused_at" bigint;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "state_thermal" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "state_battery" double precision;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "state_charging" boolean;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "state_at" bigint;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "phone_model" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "build_app" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "build_model" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "build_commit" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "current_turn" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "current_turn_job" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device_ids" text;