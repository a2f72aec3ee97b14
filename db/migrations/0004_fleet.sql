ALTER TABLE `devices` ADD `paused_at` integer;--> statement-breakpoint
ALTER TABLE `devices` ADD `state_thermal` text;--> statement-breakpoint
ALTER TABLE `devices` ADD `state_battery` real;--> statement-breakpoint
ALTER TABLE `devices` ADD `state_charging` integer;--> statement-breakpoint
ALTER TABLE `devices` ADD `state_at` integer;--> statement-breakpoint
ALTER TABLE `devices` ADD `phone_model` text;--> statement-breakpoint
ALTER TABLE `devices` ADD `build_app` text;--> statement-breakpoint
ALTER TABLE `devices` ADD `build_model` text;--> statement-breakpoint
ALTER TABLE `devices` ADD `build_commit` text;--> statement-breakpoint
ALTER TABLE `devices` ADD `current_turn` integer;--> statement-breakpoint
ALTER TABLE `devices` ADD `current_turn_job` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `device_ids` text;