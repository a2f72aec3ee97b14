/**
 * The engine-neutral words the tables are written in (db/tables/*.ts), so each table is written once
 * and rendered for SQLite (db/schema) and PostgreSQL (db/schema-pg) by render.ts. A word names what
 * a column holds, not how an engine stores it: the engines disagree on booleans, on integers past
 * 2^31 and on generated ids, and that disagreement lives in render.ts alone.
 *
 * Each column's type carries its kind, SQL name and modifiers, so the rendered drizzle tables get
 * the very row types hand-written ones would.
 */

/**
 * - `int`: a 32-bit integer on PostgreSQL. `bigint`: one that may pass 2^31 (millisecond
 *   timestamps, seeds, sums): bigint on PostgreSQL, read as a number. Both are SQLite's integer.
 * - `bool`: SQLite's 0/1 integer, PostgreSQL's boolean; a JavaScript boolean either way.
 * - `real`: SQLite's real, PostgreSQL's double precision.
 * JSON documents are `text` holding JSON: callers parse them, on both engines alike.
 */
export type Kind = "text" | "int" | "bigint" | "real" | "bool";

type Value<K extends Kind> = K extends "text" ? string : K extends "bool" ? boolean : number;

/** The modifiers a column's type remembers: what the rendered builder must have had called on it. */
export type Mark = "notNull" | "default" | "primaryKey" | "autoId";

export interface ColumnSpec {
  notNull: boolean;
  default?: string | number | boolean;
  primaryKey: boolean;
  /** An integer primary key the database numbers: AUTOINCREMENT on SQLite, an identity on PostgreSQL. */
  autoId: boolean;
  references?: () => Column;
}

export class Column<K extends Kind = Kind, N extends string = string, M extends Mark = Mark> {
  /** Type only: the modifiers called so far. */
  declare readonly marks: M;
  readonly spec: ColumnSpec = { notNull: false, primaryKey: false, autoId: false };
  /** Where table() put the column: references and indexes name a column by its table and property. */
  owner: TableMeta | undefined;
  key = "";

  constructor(
    readonly kind: K,
    readonly name: N,
  ) {}

  notNull(): Column<K, N, M | "notNull"> {
    this.spec.notNull = true;
    return this;
  }

  default(value: Value<K>): Column<K, N, M | "default"> {
    this.spec.default = value;
    return this;
  }

  primaryKey(): Column<K, N, M | "primaryKey"> {
    this.spec.primaryKey = true;
    return this;
  }

  references(to: () => Column): this {
    this.spec.references = to;
    return this;
  }
}

const word =
  <K extends Kind>(kind: K) =>
  <N extends string>(name: N) =>
    new Column<K, N, never>(kind, name);

export const text = word("text");
export const int = word("int");
export const bigint = word("bigint");
export const real = word("real");
export const bool = word("bool");

export function autoId<N extends string>(name: N): Column<"int", N, "autoId"> {
  const c = new Column<"int", N, "autoId">("int", name);
  c.spec.autoId = true;
  return c;
}

export type Columns = Record<string, Column>;

export type Engine = "sqlite" | "postgres";

/**
 * An index on columns in order; `where(flag)` makes it partial: only the rows whose flag is true;
 * `only(engine)` keeps it to one engine, where the engines store a table differently (`withoutRowid`).
 */
export class Index {
  readonly columns: Column[] = [];
  flag: Column<"bool"> | undefined;
  engine: Engine | undefined;

  constructor(
    readonly name: string,
    readonly unique: boolean,
  ) {}

  on(...columns: Column[]): this {
    this.columns.push(...columns);
    return this;
  }

  where(flag: Column<"bool">): this {
    this.flag = flag;
    return this;
  }

  only(engine: Engine): this {
    this.engine = engine;
    return this;
  }
}

export const index = (name: string) => new Index(name, false);
export const uniqueIndex = (name: string) => new Index(name, true);

/** A primary key of several columns (one column's is its `primaryKey()`); `only(engine)` as an index's. */
export class PrimaryKey {
  readonly columns: Column[];
  engine: Engine | undefined;
  constructor(...columns: Column[]) {
    this.columns = columns;
  }

  only(engine: Engine): this {
    this.engine = engine;
    return this;
  }
}

export const primaryKey = (...columns: Column[]) => new PrimaryKey(...columns);

export interface TableMeta<N extends string = string, C extends Columns = Columns> {
  name: N;
  columns: C;
  /** A method, so any table's meta is a TableMeta (a method's parameter may be narrower). */
  extras(t: C): (Index | PrimaryKey)[];
  /**
   * SQLite stores the table as a b-tree on its primary key (`WITHOUT ROWID`) instead of by rowid with
   * the key as a second b-tree beside it (ADR 21). drizzle cannot say so: the migration that built the
   * table says it, and tests/integration/storage-layout.test.ts checks every such table is.
   */
  withoutRowid: boolean;
}

export interface TableOptions {
  withoutRowid?: boolean;
}

export const META = Symbol("table");

/** A table: its columns by property (so `runs.id` names a column, as in drizzle) and, aside, the rest. */
export type Table<N extends string = string, C extends Columns = Columns> = C & { readonly [META]: TableMeta<N, C> };

export function table<N extends string, C extends Columns>(
  name: N,
  columns: C,
  extras: (t: C) => (Index | PrimaryKey)[] = () => [],
  options: TableOptions = {},
): Table<N, C> {
  const meta: TableMeta<N, C> = { name, columns, extras, withoutRowid: options.withoutRowid ?? false };
  for (const [key, c] of Object.entries(columns)) {
    if (c.owner) throw new Error(`Column ${c.name} of ${name} is already ${c.owner.name}.${c.key}'s: write it anew.`);
    c.owner = meta;
    c.key = key;
  }
  return Object.assign({ [META]: meta }, columns);
}
