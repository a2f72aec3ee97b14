CREATE INDEX "runs_build" ON "runs" USING btree ("build_commit");--> statement-breakpoint
CREATE INDEX "runs_device" ON "runs" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "runs_task" ON "runs" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "runs_config" ON "runs" USING btree ("config_id");