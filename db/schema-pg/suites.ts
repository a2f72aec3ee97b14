import { bigint, boolean, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/** PostgreSQL twins of db/schema/suites.ts. */
export const suites = pgTable(
  "suites",
  {
    id: text("id").notNull(),
    version: integer("version").notNull(),
    name: text("name"),
    doc: text("doc").notNull(),
    contentHash: text("content_hash").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    loadedAt: bigint("loaded_at", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.id, t.version] })],
);

export const tasks = pgTable(
  "tasks",
  {
    suiteId: text("suite_id").notNull(),
    taskId: text("task_id").notNull(),
    version: integer("version").notNull(),
    group: text("group_name").notNull(),
    heldOut: boolean("held_out").notNull().default(false),
    doc: text("doc").notNull(),
    contentHash: text("content_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.suiteId, t.taskId, t.version] })],
);

export const configs = pgTable(
  "configs",
  {
    suiteId: text("suite_id").notNull(),
    configId: text("config_id").notNull(),
    version: integer("version").notNull(),
    doc: text("doc").notNull(),
    contentHash: text("content_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.suiteId, t.configId, t.version] })],
);
