import { bigint, bool, int, primaryKey, table, text } from "./vocabulary";

/** Every stored version of every suite; the document is kept whole as imported. */
export const suites = table(
  "suites",
  {
    id: text("id").notNull(),
    version: int("version").notNull(),
    name: text("name"),
    doc: text("doc").notNull(),
    contentHash: text("content_hash").notNull(),
    isDefault: bool("is_default").notNull().default(false),
    loadedAt: bigint("loaded_at").notNull(),
  },
  (t) => [primaryKey(t.id, t.version)],
);

/** Task versions, keyed by suite id so "the newest version of a task" is one lookup (rescoring). */
export const tasks = table(
  "tasks",
  {
    suiteId: text("suite_id").notNull(),
    taskId: text("task_id").notNull(),
    version: int("version").notNull(),
    group: text("group_name").notNull(),
    heldOut: bool("held_out").notNull().default(false),
    doc: text("doc").notNull(),
    contentHash: text("content_hash").notNull(),
  },
  (t) => [primaryKey(t.suiteId, t.taskId, t.version)],
);

export const configs = table(
  "configs",
  {
    suiteId: text("suite_id").notNull(),
    configId: text("config_id").notNull(),
    version: int("version").notNull(),
    doc: text("doc").notNull(),
    contentHash: text("content_hash").notNull(),
  },
  (t) => [primaryKey(t.suiteId, t.configId, t.version)],
);
