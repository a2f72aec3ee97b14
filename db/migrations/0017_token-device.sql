ALTER TABLE `leases` ADD `reported_device_id` text;--> statement-breakpoint
ALTER TABLE `runs` ADD `token_device_id` text;--> statement-breakpoint
ALTER TABLE `runs` ADD `device_mismatch` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Issue 34.2: the token a run came in on, from its lease (imported runs have none). Before run_facts
-- gains columns, so the triggers this update fires still match the table.
UPDATE runs SET token_device_id = (SELECT l.device_id FROM leases l WHERE l.token_hash = runs.lease_token_hash)
 WHERE lease_token_hash IS NOT NULL;--> statement-breakpoint
ALTER TABLE `run_facts` ADD `token_device_id` text;--> statement-breakpoint
ALTER TABLE `run_facts` ADD `device_mismatch` integer DEFAULT false NOT NULL;