ALTER TABLE `sessions` ADD `plan` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `plan_sha256` text;