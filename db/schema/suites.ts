import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Every stored version of every suite; the document is kept whole as imported. */
export const suites = sqliteTable(
  "suites",
  {
    id: text("id").notNull(),
    version: integer("version").notNull(),
    name: text("name"),
    doc: text("doc").notNull(),
    contentHash: text("content_hash").notNull(),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    loadedAt: integer("loaded_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.id, t.version] })],
);

/** Task versions, keyed by suite id so "the newest version of a task" is one lookup (rescoring). */
export const tasks = sqliteTable(
  "tasks",
  {
    suiteId: text("suite_id").notNull(),
    taskId: text("task_id").notNull(),
    version: integer("version").notNull(),
    group: text("group_name").notNull(),
    heldOut: integer("held_out", { mode: "boolean" }).notNull().default(false),
    doc: text("doc").notNull(),
    contentHash: text("content_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.suiteId, t.taskId, t.version] })],
);

export const configs = sqliteTable(
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
