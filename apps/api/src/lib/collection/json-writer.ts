import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isRecord } from '../guards.ts';

/** Writes one value as JSON; `undefined` means "no value" (an object leaves the key out, as JSON.stringify does). */
export type TJsonWriter = (value: unknown) => string | undefined;

/** Leaves whose zod output is the input itself: JSON.stringify writes them as the zod serialiser would. */
const AS_IS = new Set<string>(['string', 'number', 'boolean', 'enum', 'literal', 'null', 'unknown', 'any']);

const asIs: TJsonWriter = (value) => JSON.stringify(value);

/**
 * A JSON writer specialised to a response schema, for the hot list routes: it writes what
 * `JSON.stringify(schema.encode(value))` writes for a value the schema accepts (the schema's keys
 * only, in the schema's order), without checking the value and without building the copy that
 * zod's encode builds. Null when the schema holds something it cannot write the same way
 * (transforms, unions, records of typed values, objects that keep unknown keys): the caller then
 * keeps zod's serialiser. Validation stays the tests' job (see listSerializer); a value of another
 * shape than its schema's is written as it is.
 */
export function compileJsonWriter(schema: z.core.$ZodType): TJsonWriter | null {
  if (AS_IS.has(schema._zod.def.type)) return asIs;
  if (schema instanceof z.ZodOptional) return compileJsonWriter(schema.unwrap());
  if (schema instanceof z.ZodNullable) {
    const inner = compileJsonWriter(schema.unwrap());
    return inner && ((value) => (value === null ? 'null' : inner(value)));
  }
  if (schema instanceof z.ZodRecord) return AS_IS.has(schema.valueType._zod.def.type) ? asIs : null;
  if (schema instanceof z.ZodArray) {
    const element = compileJsonWriter(schema.element);
    if (!element) return null;
    return (value) => {
      if (!Array.isArray(value)) return asIs(value);
      let out = '[';
      for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + (element(value[i]) ?? 'null');
      return out + ']';
    };
  }
  if (schema instanceof z.ZodObject && !schema.def.catchall) {
    const members: { key: string; prefix: string; write: TJsonWriter }[] = [];
    const shape: z.core.$ZodShape = schema.shape;
    for (const [key, member] of Object.entries(shape)) {
      const write = compileJsonWriter(member);
      if (!write) return null;
      members.push({ key, prefix: `${JSON.stringify(key)}:`, write });
    }
    return (value) => {
      if (!isRecord(value)) return asIs(value);
      let out = '';
      for (const { key, prefix, write } of members) {
        const field = value[key];
        if (field === undefined) continue;
        const written = write(field);
        if (written !== undefined) out += (out ? ',' : '') + prefix + written;
      }
      return `{${out}}`;
    };
  }
  return null;
}

/**
 * The serialiser of a list answer (an array of `item`). Production writes it with the compiled
 * writer, unchecked. With `check` (tests, development) zod checks the answer as before and its JSON
 * is the one sent; the compiled writer's JSON must be byte for byte the same, or the request fails:
 * every list a test reads checks the writer.
 */
export function listSerializer(item: z.ZodType, options: { check: boolean; method: string; url: string }): (data: unknown) => string {
  const schema = z.array(item);
  const zodJson = (data: unknown) => {
    const result = z.safeEncode(schema, data as unknown[]);
    if (result.error) throw new ResponseSerializationError(options.method, options.url, { cause: result.error });
    return JSON.stringify(result.data);
  };
  const write = compileJsonWriter(schema);
  if (!write) return zodJson;
  if (!options.check) return (data) => write(data)!;
  return (data) => {
    const json = zodJson(data);
    if (write(data) !== json) throw new Error(`${options.method} ${options.url}: the compiled list writer differs from the schema's JSON`);
    return json;
  };
}
