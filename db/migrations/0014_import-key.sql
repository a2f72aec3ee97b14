ALTER TABLE `sessions` ADD `import_key` text;--> statement-breakpoint
CREATE INDEX `sessions_import_key` ON `sessions` (`import_key`);