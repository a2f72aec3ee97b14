ALTER TABLE `jobs` ADD `queue_reason` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `adaptive` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `adaptive_settled` text;