import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { hasFieldLabel } from './fields.js';

type Schema = { properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[] };
type Operation = { parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };

/** Every property name in a JSON schema, nested ones too. */
function propertyNames(schema: Schema | undefined, into: Set<string>) {
  if (!schema) return;
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    into.add(name);
    propertyNames(property, into);
  }
  for (const part of [schema.items, ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) propertyNames(part, into);
}

describe('validation messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('have a label for every field a request of the API names (body, query and path)', () => {
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, Operation>> }).paths;
    const names = new Set<string>();
    for (const operation of Object.values(paths).flatMap((methods) => Object.values(methods))) {
      for (const parameter of operation.parameters ?? []) if (parameter.in !== 'header') names.add(parameter.name);
      for (const content of Object.values(operation.requestBody?.content ?? {})) propertyNames(content.schema, names);
    }
    expect(names.size).toBeGreaterThan(50);
    expect([...names].filter((name) => !hasFieldLabel(name))).toEqual([]);
  });
});
