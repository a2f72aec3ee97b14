ALTER TABLE `run_facts` ADD `turn_prompt_sq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `run_facts` ADD `turn_prompt_ttft` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `run_facts` ADD `turn_ttft_sq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The rows written before these columns hold 0 there: emptied here, they are recomputed from the
-- raw tables when the database is next opened (installRunFacts fills an empty run_facts).
DELETE FROM `run_facts`;
