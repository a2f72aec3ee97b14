CREATE TABLE `turn_facts` (
	`run_id` text NOT NULL,
	`idx` integer NOT NULL,
	`config_id` text NOT NULL,
	`turn_ms` integer NOT NULL,
	`trial` integer NOT NULL,
	`superseded` integer NOT NULL,
	`unscorable` text,
	`session_id` text NOT NULL,
	`suite_id` text NOT NULL,
	`build_commit` text NOT NULL,
	`device_id` text NOT NULL,
	`thermal_at_start` text,
	`charging` integer,
	`tools_dropped` integer NOT NULL,
	`task_id` text NOT NULL,
	`task_group` text NOT NULL,
	`outcome` text NOT NULL,
	`passed` integer NOT NULL,
	`looping` integer NOT NULL,
	PRIMARY KEY(`run_id`, `idx`)
);
--> statement-breakpoint
CREATE INDEX `turn_facts_median` ON `turn_facts` (`config_id`,`turn_ms`,`trial`,`superseded`,`unscorable`,`session_id`,`suite_id`,`build_commit`,`device_id`,`thermal_at_start`,`charging`,`tools_dropped`,`task_id`,`task_group`,`outcome`,`passed`,`looping`);
