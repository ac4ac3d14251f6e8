import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedDatabase } from '../test/database.js';
import type { Db } from './database.js';

/**
 * The Kysely types in `schema.ts` must say what the migrations made: a column typed wrongly compiles
 * and then fails (or silently misreads) at run time. TypeScript's types are gone at run time, so the
 * test reads schema.ts with the compiler and compares each column's read type, nullability and
 * insert optionality with `information_schema.columns` of a freshly migrated database.
 */

/** A column as both sides describe it: the TypeScript type read from it, null allowed, may be left out of an insert. */
interface ColumnShape {
  type: string;
  nullable: boolean;
  optionalOnInsert: boolean;
}
type Shapes = Map<string, ColumnShape>;

/** What the drivers (pg and PGlite) hand over for each PostgreSQL type. */
const TS_TYPE_OF: Record<string, string> = {
  integer: 'number',
  smallint: 'number',
  real: 'number',
  bigint: 'string',
  numeric: 'string',
  text: 'string',
  'character varying': 'string',
  character: 'string',
  uuid: 'string',
  date: 'string',
  'timestamp with time zone': 'Date',
  boolean: 'boolean',
  jsonb: 'unknown',
  json: 'unknown',
  _text: 'string[]',
  _int4: 'number[]',
  _float4: 'number[]',
};

const JSON_TYPE = TS_TYPE_OF.jsonb;

/** Every column of every table of the `Database` interface in schema.ts, as `table.column`. */
function declaredColumns(): Shapes {
  const file = fileURLToPath(new URL('./schema.ts', import.meta.url));
  const program = ts.createProgram([file], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`Cannot read ${file}`);
  const database = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Database');
  if (!database) throw new Error('schema.ts has no Database interface');

  const typeName = (type: ts.Type) => checker.typeToString(type);
  /** The type of one side of a ColumnType (`__select__`, `__insert__`), or the type itself for a plain column. */
  const side = (type: ts.Type, name: '__select__' | '__insert__'): ts.Type[] => {
    const members = type.isUnion() ? type.types : [type];
    return members.flatMap((member) => {
      const property = member.getProperty(name);
      if (!property) return [member];
      const inner = checker.getTypeOfSymbol(property);
      return inner.isUnion() ? inner.types : [inner];
    });
  };
  const shapes: Shapes = new Map();
  for (const table of checker.getTypeAtLocation(database).getProperties()) {
    for (const column of checker.getTypeOfSymbol(table).getProperties()) {
      const type = checker.getTypeOfSymbol(column);
      const read = side(type, '__select__');
      const isNull = (t: ts.Type) => (t.flags & ts.TypeFlags.Null) !== 0;
      const isUndefined = (t: ts.Type) => (t.flags & ts.TypeFlags.Undefined) !== 0;
      const nonNull = read.filter((t) => !isNull(t));
      // 'topic_type' | 'edu_type' reads as a string; true | false as boolean
      const kinds = new Set(
        nonNull.map((t) =>
          t.flags & ts.TypeFlags.StringLiteral ? 'string' : t.flags & ts.TypeFlags.BooleanLiteral ? 'boolean' : typeName(t),
        ),
      );
      shapes.set(`${table.name}.${column.name}`, {
        type: [...kinds].join(' | '),
        nullable: read.some(isNull),
        // Kysely leaves a nullable column out of an insert too
        optionalOnInsert: read.some(isNull) || side(type, '__insert__').some(isUndefined),
      });
    }
  }
  return shapes;
}

async function migratedColumns(db: Db): Promise<Shapes> {
  const { rows } = await sql<
    Record<'table_name' | 'column_name' | 'data_type' | 'udt_name' | 'is_nullable' | 'is_identity', string> & {
      column_default: string | null;
    }
  >`
    select table_name, column_name, data_type, udt_name, is_nullable, column_default, is_identity
    from information_schema.columns
    where table_schema = 'public' and table_name not like 'kysely%'`.execute(db);
  const shapes: Shapes = new Map();
  for (const row of rows) {
    const dataType = row.data_type === 'ARRAY' ? row.udt_name : row.data_type;
    shapes.set(`${row.table_name}.${row.column_name}`, {
      type: TS_TYPE_OF[dataType] ?? `(${dataType}: no TypeScript type known)`,
      nullable: row.is_nullable === 'YES',
      optionalOnInsert: row.is_nullable === 'YES' || row.column_default !== null || row.is_identity === 'YES',
    });
  }
  return shapes;
}

/** One line per column where the two differ, readable in a failure. */
function differences(declared: Shapes, migrated: Shapes): string[] {
  const lines: string[] = [];
  const describe = (shape: ColumnShape) =>
    `${shape.type}${shape.nullable ? ' | null' : ''}${shape.optionalOnInsert ? ', optional on insert' : ', required on insert'}`;
  for (const name of [...new Set([...declared.keys(), ...migrated.keys()])].sort()) {
    const inSchema = declared.get(name);
    const inDatabase = migrated.get(name);
    if (!inSchema) lines.push(`${name}: in the database (${describe(inDatabase as ColumnShape)}), missing from schema.ts`);
    else if (!inDatabase) lines.push(`${name}: in schema.ts (${describe(inSchema)}), missing from the database`);
    else if (
      // a JSON column may declare the shape the code keeps in it; the driver hands over parsed JSON
      (inSchema.type !== inDatabase.type && inDatabase.type !== JSON_TYPE) ||
      inSchema.nullable !== inDatabase.nullable ||
      // schema.ts may demand a value the database could default, not the other way round
      (inSchema.optionalOnInsert && !inDatabase.optionalOnInsert)
    ) {
      lines.push(`${name}: schema.ts says ${describe(inSchema)}; the database ${describe(inDatabase)}`);
    }
  }
  return lines;
}

describe('db/schema.ts', () => {
  let db: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await createMigratedDatabase());
  });
  afterAll(() => close?.());

  it('describes every table and column the migrations make, with its type and nullability', async () => {
    expect(differences(declaredColumns(), await migratedColumns(db))).toEqual([]);
  });

  it('tells a difference column by column', () => {
    const shape = { type: 'number', nullable: false, optionalOnInsert: false };
    const declared: Shapes = new Map([
      ['t.a', shape],
      ['t.b', { ...shape, nullable: true }],
      ['t.c', { ...shape, optionalOnInsert: true }],
    ]);
    const migrated: Shapes = new Map([
      ['t.a', shape],
      ['t.b', shape],
      ['t.c', shape],
      ['t.d', { ...shape, type: 'Date' }],
    ]);
    expect(differences(declared, migrated)).toEqual([
      't.b: schema.ts says number | null, required on insert; the database number, required on insert',
      't.c: schema.ts says number, optional on insert; the database number, required on insert',
      't.d: in the database (Date, required on insert), missing from schema.ts',
    ]);
  });
});
