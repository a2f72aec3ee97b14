ALTER TABLE `scores` ADD `call_pattern` text;--> statement-breakpoint
ALTER TABLE `scores` ADD `call_ok` text;