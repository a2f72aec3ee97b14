CREATE INDEX `runs_build` ON `runs` (`build_commit`);--> statement-breakpoint
CREATE INDEX `runs_device` ON `runs` (`device_id`);--> statement-breakpoint
CREATE INDEX `runs_task` ON `runs` (`task_id`);--> statement-breakpoint
CREATE INDEX `runs_config` ON `runs` (`config_id`);