ALTER TABLE "sessions" ADD COLUMN "import_key" text;--> statement-breakpoint
CREATE INDEX "sessions_import_key" ON "sessions" USING btree ("import_key");