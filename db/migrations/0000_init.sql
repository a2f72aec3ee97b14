CREATE TABLE `configs` (
	`suite_id` text NOT NULL,
	`config_id` text NOT NULL,
	`version` integer NOT NULL,
	`doc` text NOT NULL,
	`content_hash` text NOT NULL,
	PRIMARY KEY(`suite_id`, `config_id`, `version`)
);
--> statement-breakpoint
CREATE TABLE `suites` (
	`id` text NOT NULL,
	`version` integer NOT NULL,
	`name` text,
	`doc` text NOT NULL,
	`content_hash` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`loaded_at` integer NOT NULL,
	PRIMARY KEY(`id`, `version`)
);
--> statement-breakpoint
CREATE TABLE `tasks` (
	`suite_id` text NOT NULL,
	`task_id` text NOT NULL,
	`version` integer NOT NULL,
	`group_name` text NOT NULL,
	`held_out` integer DEFAULT false NOT NULL,
	`doc` text NOT NULL,
	`content_hash` text NOT NULL,
	PRIMARY KEY(`suite_id`, `task_id`, `version`)
);
--> statement-breakpoint
CREATE TABLE `devices` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `devices_token_hash` ON `devices` (`token_hash`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`suite_id` text NOT NULL,
	`suite_version` integer NOT NULL,
	`trial` integer DEFAULT false NOT NULL,
	`job_order` text NOT NULL,
	`seed` integer NOT NULL,
	`repeats` integer NOT NULL,
	`lease_seconds` integer NOT NULL,
	`max_attempts` integer NOT NULL,
	`notes` text,
	`task_ids` text NOT NULL,
	`config_ids` text NOT NULL,
	`created_at` integer NOT NULL,
	`cancelled_at` integer
);
--> statement-breakpoint
CREATE INDEX `sessions_created` ON `sessions` (`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`position` integer NOT NULL,
	`task_id` text NOT NULL,
	`task_version` integer NOT NULL,
	`config_id` text NOT NULL,
	`config_version` integer NOT NULL,
	`repeat` integer NOT NULL,
	`state` text NOT NULL,
	`attempt` integer DEFAULT 1 NOT NULL,
	`lease_token_hash` text,
	`lease_expires_at` integer,
	`leased_by` text,
	`failure_reason` text,
	`failure_detail` text,
	`run_id` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`leased_by`) REFERENCES `devices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `jobs_claim` ON `jobs` (`state`,`session_id`,`position`);--> statement-breakpoint
CREATE INDEX `jobs_session_state` ON `jobs` (`session_id`,`state`);--> statement-breakpoint
CREATE INDEX `jobs_expiry` ON `jobs` (`state`,`lease_expires_at`);--> statement-breakpoint
CREATE TABLE `leases` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`job_id` text NOT NULL,
	`attempt` integer NOT NULL,
	`device_id` text NOT NULL,
	`issued_at` integer NOT NULL,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`device_id`) REFERENCES `devices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `leases_job` ON `leases` (`job_id`);--> statement-breakpoint
CREATE TABLE `runs` (
	`id` text PRIMARY KEY NOT NULL,
	`job_id` text,
	`session_id` text NOT NULL,
	`lease_token_hash` text,
	`attempt` integer NOT NULL,
	`task_id` text NOT NULL,
	`task_version` integer NOT NULL,
	`task_group` text NOT NULL,
	`held_out` integer DEFAULT false NOT NULL,
	`config_id` text NOT NULL,
	`config_version` integer NOT NULL,
	`repeat` integer NOT NULL,
	`device_id` text NOT NULL,
	`device_model` text NOT NULL,
	`build_commit` text NOT NULL,
	`model` text NOT NULL,
	`started_at` text NOT NULL,
	`received_at` integer NOT NULL,
	`thermal_at_start` text,
	`charging` integer,
	`superseded` integer DEFAULT false NOT NULL,
	`context_window` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `runs_lease_token` ON `runs` (`lease_token_hash`);--> statement-breakpoint
CREATE INDEX `runs_session` ON `runs` (`session_id`,`superseded`,`config_id`);--> statement-breakpoint
CREATE INDEX `runs_job` ON `runs` (`job_id`);--> statement-breakpoint
CREATE TABLE `scores` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`run_id` text NOT NULL,
	`task_version` integer NOT NULL,
	`current` integer NOT NULL,
	`created_at` integer NOT NULL,
	`passed` integer NOT NULL,
	`outcome` text NOT NULL,
	`outcome_reason` text NOT NULL,
	`end_reason` text NOT NULL,
	`looping` integer NOT NULL,
	`repatches` integer NOT NULL,
	`milestones_reached` integer NOT NULL,
	`milestones_total` integer NOT NULL,
	`tool_calls` integer NOT NULL,
	`failed_tool_calls` integer NOT NULL,
	`turn_count` integer NOT NULL,
	`first_ttft_ms` integer,
	`median_turn_ms` real,
	`load_ms` integer NOT NULL,
	`startup_tokens` integer NOT NULL,
	`peak_context_tokens` integer NOT NULL,
	`output_tokens` integer NOT NULL,
	`checks` text NOT NULL,
	`progress` text NOT NULL,
	`metrics` text NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `scores_run_current` ON `scores` (`run_id`,`current`);--> statement-breakpoint
CREATE UNIQUE INDEX `scores_one_current` ON `scores` (`run_id`) WHERE current = 1;--> statement-breakpoint
CREATE TABLE `traces` (
	`run_id` text PRIMARY KEY NOT NULL,
	`body` text NOT NULL,
	`bytes` integer NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `turns` (
	`run_id` text NOT NULL,
	`idx` integer NOT NULL,
	`prompt_tokens` integer NOT NULL,
	`context_tokens` integer NOT NULL,
	`ttft_ms` integer NOT NULL,
	`output_tokens` integer NOT NULL,
	`decode_ms` integer NOT NULL,
	PRIMARY KEY(`run_id`, `idx`),
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE no action
);
