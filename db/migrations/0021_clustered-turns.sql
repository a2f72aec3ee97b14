-- Issue 35.5, ADR 21: `turns` and `turn_facts` without rowids. A rowid table keyed by (run, index)
-- is two b-trees, the rows by rowid and the key beside them; without a rowid the rows are the key's
-- b-tree. `turn_facts` is kept in the median walk's order (config, turn time, run, index), so the
-- covering index turn_facts_median (a second copy of every row) goes; (run, index) stays unique
-- through turn_facts_run. Rows are copied in key order so each b-tree is written full. drizzle-kit
-- cannot write WITHOUT ROWID: this file was generated and then edited (the turns rebuild and the
-- WITHOUT ROWID clauses added). Dropping `turns` drops its two summary triggers: the dashboard
-- installs them again when it opens the database (db/runFacts.ts), without recomputing anything.
-- legacy_alter_table: the other summary triggers name `turns` and `turn_facts`, which do not exist
-- between the DROP and the RENAME; SQLite's checking RENAME would refuse the schema for that.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
PRAGMA legacy_alter_table=ON;--> statement-breakpoint
CREATE TABLE `__new_turns` (
	`run_id` text NOT NULL,
	`idx` integer NOT NULL,
	`prompt_tokens` integer NOT NULL,
	`context_tokens` integer NOT NULL,
	`ttft_ms` integer NOT NULL,
	`output_tokens` integer NOT NULL,
	`decode_ms` integer NOT NULL,
	PRIMARY KEY(`run_id`, `idx`),
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE no action
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_turns`("run_id", "idx", "prompt_tokens", "context_tokens", "ttft_ms", "output_tokens", "decode_ms") SELECT "run_id", "idx", "prompt_tokens", "context_tokens", "ttft_ms", "output_tokens", "decode_ms" FROM `turns` ORDER BY "run_id", "idx";--> statement-breakpoint
DROP TABLE `turns`;--> statement-breakpoint
ALTER TABLE `__new_turns` RENAME TO `turns`;--> statement-breakpoint
CREATE TABLE `__new_turn_facts` (
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
	PRIMARY KEY(`config_id`, `turn_ms`, `run_id`, `idx`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_turn_facts`("run_id", "idx", "config_id", "turn_ms", "trial", "superseded", "unscorable", "session_id", "suite_id", "build_commit", "device_id", "thermal_at_start", "charging", "tools_dropped", "task_id", "task_group", "outcome", "passed", "looping") SELECT "run_id", "idx", "config_id", "turn_ms", "trial", "superseded", "unscorable", "session_id", "suite_id", "build_commit", "device_id", "thermal_at_start", "charging", "tools_dropped", "task_id", "task_group", "outcome", "passed", "looping" FROM `turn_facts` ORDER BY "config_id", "turn_ms", "run_id", "idx";--> statement-breakpoint
DROP TABLE `turn_facts`;--> statement-breakpoint
ALTER TABLE `__new_turn_facts` RENAME TO `turn_facts`;--> statement-breakpoint
PRAGMA legacy_alter_table=OFF;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `turn_facts_run` ON `turn_facts` (`run_id`,`idx`);
