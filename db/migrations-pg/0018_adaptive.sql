ALTER TABLE "jobs" ADD COLUMN "queue_reason" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "adaptive" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "adaptive_settled" text;