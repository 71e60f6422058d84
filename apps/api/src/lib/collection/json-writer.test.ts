import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileJsonWriter, listSerializer } from './json-writer.ts';

const zodJson = (schema: z.ZodType, value: unknown) => JSON.stringify(z.encode(schema, value));

describe('compileJsonWriter', () => {
  it("writes what zod's encode and JSON.stringify write: the schema's keys only, in the schema's order", () => {
    const schema = z.object({
      b: z.string(),
      a: z.number().nullable(),
      nested: z.object({ y: z.boolean(), x: z.enum(['p', 'q']).optional() }).nullable(),
      list: z.array(z.object({ id: z.string(), n: z.number() })),
      free: z.record(z.string(), z.unknown()),
      maybe: z.string().optional(),
    });
    const value = {
      extra: 'dropped',
      list: [{ n: 1, id: 'é"\\\n', junk: true }],
      nested: { x: 'q', y: false, z: 1 },
      a: null,
      free: { k: [1, { d: 'x' }], u: undefined },
      b: 'text \u2028',
      maybe: undefined,
    };
    const write = compileJsonWriter(schema)!;
    expect(write(value)).toBe(zodJson(schema, value));
    expect(write({ ...value, nested: null, a: 2.5, maybe: 'm' })).toBe(zodJson(schema, { ...value, nested: null, a: 2.5, maybe: 'm' }));
  });

  it('declines what it cannot write as zod does (transforms, defaults, unknown keys kept, typed records, unions)', () => {
    expect(compileJsonWriter(z.object({ a: z.string().transform((s) => s.length) }))).toBeNull();
    expect(compileJsonWriter(z.object({ a: z.string().default('x') }))).toBeNull();
    expect(compileJsonWriter(z.looseObject({ a: z.string() }))).toBeNull();
    expect(compileJsonWriter(z.record(z.string(), z.object({ a: z.string() })))).toBeNull();
    expect(compileJsonWriter(z.union([z.string(), z.number()]))).toBeNull();
  });
});

describe('listSerializer', () => {
  const item = z.object({ _id: z.string(), n: z.number() });

  it('checks the answer against the schema when asked to, and sends the same JSON either way', () => {
    const checked = listSerializer(item, { check: true, method: 'GET', url: '/api/x' });
    const unchecked = listSerializer(item, { check: false, method: 'GET', url: '/api/x' });
    const page = [{ n: 1, _id: 'a', other: 2 }];
    expect(checked(page)).toBe('[{"_id":"a","n":1}]');
    expect(unchecked(page)).toBe(checked(page));
    expect(() => checked([{ _id: 'a', n: 'one' }])).toThrow();
  });

  it("keeps zod's serialiser for a schema the writer declines", () => {
    const either = z.object({ _id: z.string(), n: z.union([z.number(), z.string()]) });
    const serialize = listSerializer(either, { check: false, method: 'GET', url: '/api/x' });
    expect(serialize([{ n: 2, _id: 'a', other: 1 }])).toBe('[{"_id":"a","n":2}]');
    expect(() => serialize([{ _id: 'a', n: true }])).toThrow();
  });
});
