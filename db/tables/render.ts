/**
 * The tables of db/tables rendered as drizzle tables, once per engine: db/schema/index.ts is
 * `sqliteTables(tables)`, db/schema-pg/index.ts `pgTables(tables)`. Every difference between the
 * engines' schemas is here, and the committed migrations of each pin its rendering: drizzle-kit
 * generate finding nothing new means these calls build what the migrations say.
 *
 * The types below spell out, in drizzle's own types, what the calls in liteColumn and pgColumn
 * return, so callers get the row types hand-written drizzle tables would give them.
 */
import {
  getTableColumns,
  sql,
  type BuildColumns,
  type ColumnBuilderBase,
  type HasDefault,
  type IsIdentity,
  type NotNull,
} from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import * as lite from "drizzle-orm/sqlite-core";
import {
  META,
  PrimaryKey,
  type Column,
  type Columns,
  type Engine,
  type ColumnSpec,
  type Index,
  type Kind,
  type Mark,
  type Table,
  type TableMeta,
} from "./vocabulary";

type Of<T extends Table> = T[typeof META];

/** A builder with `marks` applied as liteColumn and pgColumn apply them: key, then not null, then default. */
type Marked<B extends ColumnBuilderBase, M extends Mark, Id extends ColumnBuilderBase> = WithDefault<
  WithNotNull<"autoId" extends M ? Id : "primaryKey" extends M ? PrimaryKeyOf<B> : B, M>,
  M
>;
type PrimaryKeyOf<B> = B extends { primaryKey(): infer P extends ColumnBuilderBase } ? P : never;
type WithNotNull<B extends ColumnBuilderBase, M extends Mark> = "notNull" extends M ? NotNull<B> : B;
type WithDefault<B extends ColumnBuilderBase, M extends Mark> = "default" extends M ? HasDefault<B> : B;

type LiteBase<K extends Kind, N extends string> = {
  text: lite.SQLiteTextBuilderInitial<N, [string, ...string[]], number | undefined>;
  int: lite.SQLiteIntegerBuilderInitial<N>;
  bigint: lite.SQLiteIntegerBuilderInitial<N>;
  real: lite.SQLiteRealBuilderInitial<N>;
  bool: lite.SQLiteBooleanBuilderInitial<N>;
}[K];
type LiteBuilder<C extends Column> = Marked<
  LiteBase<C["kind"], C["name"]>,
  C["marks"],
  PrimaryKeyOf<lite.SQLiteIntegerBuilderInitial<C["name"]>>
>;

type PgBase<K extends Kind, N extends string> = {
  text: pg.PgTextBuilderInitial<N, [string, ...string[]]>;
  int: pg.PgIntegerBuilderInitial<N>;
  bigint: pg.PgBigInt53BuilderInitial<N>;
  real: pg.PgDoublePrecisionBuilderInitial<N>;
  bool: pg.PgBooleanBuilderInitial<N>;
}[K];
type PgBuilder<C extends Column> = Marked<
  PgBase<C["kind"], C["name"]>,
  C["marks"],
  IsIdentity<PrimaryKeyOf<pg.PgIntegerBuilderInitial<C["name"]>>, "byDefault">
>;

export type SqliteTable<T extends Table> = lite.SQLiteTableWithColumns<{
  name: Of<T>["name"];
  schema: undefined;
  columns: BuildColumns<Of<T>["name"], { [K in keyof Of<T>["columns"]]: LiteBuilder<Of<T>["columns"][K]> }, "sqlite">;
  dialect: "sqlite";
}>;

export type PgTable<T extends Table> = pg.PgTableWithColumns<{
  name: Of<T>["name"];
  schema: undefined;
  columns: BuildColumns<Of<T>["name"], { [K in keyof Of<T>["columns"]]: PgBuilder<Of<T>["columns"][K]> }, "pg">;
  dialect: "pg";
}>;

/** The modifiers every kind of builder has, typed alike (drizzle types each kind's apart). */
interface Modifiers<B> {
  primaryKey(): B;
  notNull(): B;
  default(value: unknown): B;
  references(ref: () => unknown): B;
}
interface LiteColumnBuilder extends lite.SQLiteColumnBuilderBase, Modifiers<LiteColumnBuilder> {}
interface PgColumnBuilder extends pg.PgColumnBuilderBase, Modifiers<PgColumnBuilder> {}

function modify<B extends Modifiers<B>>(b: B, spec: ColumnSpec, ref: (c: Column) => unknown): B {
  if (spec.primaryKey) b = b.primaryKey();
  if (spec.notNull) b = b.notNull();
  if (spec.default !== undefined) b = b.default(spec.default);
  const to = spec.references;
  return to ? b.references(() => ref(to())) : b;
}

function liteColumn({ kind, name, spec }: Column, ref: (c: Column) => unknown): LiteColumnBuilder {
  const base: Record<Kind, () => LiteColumnBuilder> = {
    text: () => lite.text(name),
    int: () => lite.integer(name),
    bigint: () => lite.integer(name),
    real: () => lite.real(name),
    bool: () => lite.integer(name, { mode: "boolean" }),
  };
  return modify(spec.autoId ? lite.integer(name).primaryKey({ autoIncrement: true }) : base[kind](), spec, ref);
}

function pgColumn({ kind, name, spec }: Column, ref: (c: Column) => unknown): PgColumnBuilder {
  const base: Record<Kind, () => PgColumnBuilder> = {
    text: () => pg.text(name),
    int: () => pg.integer(name),
    bigint: () => pg.bigint(name, { mode: "number" }),
    real: () => pg.doublePrecision(name),
    bool: () => pg.boolean(name),
  };
  return modify(spec.autoId ? pg.integer(name).primaryKey().generatedByDefaultAsIdentity() : base[kind](), spec, ref);
}

/**
 * "The rows whose flag is true", spelled as the committed migrations spell it: the bare column name,
 * a comparison with 1 on SQLite and the boolean itself on PostgreSQL. An interpolated column would
 * come out quoted, which drizzle-kit takes for another index.
 */
const flagIsTrue = { sqlite: (name: string) => sql.raw(`${name} = 1`), pg: (name: string) => sql.raw(name) };

/** The built columns an index or key names, in order (drizzle wants at least one). */
function pick<C>(self: Record<string, C>, e: Index | PrimaryKey, table: string): [C, ...C[]] {
  const [first, ...rest] = e.columns.map((c) => self[c.key]);
  if (!first) throw new Error(`An index or key of ${table} names no column`);
  return [first, ...rest];
}

/** The keys and indexes an engine has: those of both, and its own (`only`). */
const forEngine = (extras: (Index | PrimaryKey)[], engine: Engine) =>
  extras.filter((e) => e.engine === undefined || e.engine === engine);

/** Builds each table; a reference is looked up when drizzle first asks for it, by when all are built. */
function renderAll<Built extends lite.SQLiteTable | pg.PgTable>(
  tables: Record<string, Table>,
  build: (meta: TableMeta, ref: (c: Column) => unknown) => Built,
): Record<string, Built> {
  const built = new Map<TableMeta, Built>();
  const ref = (c: Column) => {
    const t = c.owner && built.get(c.owner);
    if (!t) throw new Error(`${c.name} references a column of no table rendered with it`);
    return getTableColumns(t)[c.key];
  };
  const out: Record<string, Built> = {};
  for (const [key, t] of Object.entries(tables)) built.set(t[META], (out[key] = build(t[META], ref)));
  return out;
}

const mapColumns = <B>(columns: Columns, f: (c: Column) => B) =>
  Object.fromEntries(Object.entries(columns).map(([k, c]) => [k, f(c)]));

export function sqliteTables<T extends Record<string, Table>>(tables: T) {
  return renderAll<lite.SQLiteTable>(tables, ({ name, columns, extras }, ref) =>
    lite.sqliteTable(
      name,
      mapColumns(columns, (c) => liteColumn(c, ref)),
      (self) =>
        forEngine(extras(columns), "sqlite").map((e) => {
          if (e instanceof PrimaryKey) return lite.primaryKey({ columns: pick(self, e, name) });
          const i = (e.unique ? lite.uniqueIndex : lite.index)(e.name).on(...pick(self, e, name));
          return e.flag ? i.where(flagIsTrue.sqlite(e.flag.name)) : i;
        }),
    ),
  ) as { [K in keyof T]: SqliteTable<T[K]> };
}

export function pgTables<T extends Record<string, Table>>(tables: T) {
  return renderAll<pg.PgTable>(tables, ({ name, columns, extras }, ref) =>
    pg.pgTable(
      name,
      mapColumns(columns, (c) => pgColumn(c, ref)),
      (self) =>
        forEngine(extras(columns), "postgres").map((e) => {
          if (e instanceof PrimaryKey) return pg.primaryKey({ columns: pick(self, e, name) });
          const i = (e.unique ? pg.uniqueIndex : pg.index)(e.name).on(...pick(self, e, name));
          return e.flag ? i.where(flagIsTrue.pg(e.flag.name)) : i;
        }),
    ),
  ) as { [K in keyof T]: PgTable<T[K]> };
}
