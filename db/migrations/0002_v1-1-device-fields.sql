ALTER TABLE `runs` ADD `tools_dropped` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `runs` ADD `load_cached_tokens` integer;--> statement-breakpoint
-- Traces are stored as received, so runs submitted with the v1.1 fields before this column existed get them back.
UPDATE `runs` SET `tools_dropped` = 1 WHERE `id` IN (SELECT `run_id` FROM `traces` WHERE json_valid(`body`) AND json_extract(`body`, '$.toolsDropped') = 1);--> statement-breakpoint
UPDATE `runs` SET `load_cached_tokens` = (SELECT json_extract(`body`, '$.load.cachedTokens') FROM `traces` WHERE `traces`.`run_id` = `runs`.`id` AND json_valid(`body`)) WHERE `id` IN (SELECT `run_id` FROM `traces`);
