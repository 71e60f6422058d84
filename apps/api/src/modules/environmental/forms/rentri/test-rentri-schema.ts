import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/*
 * RENTRI's vendored OpenAPI file as a JSON-schema validator of the "create FIR" body (tests use it:
 * it is the independent judge of what the route answers). Three adaptations of OpenAPI 3.0 to Ajv,
 * none loosening a rule: `nullable: true` beside `allOf`/`oneOf` (no `type`, which Ajv's own
 * `nullable` needs) becomes "that schema or null"; `format: double` is a number format Ajv does not
 * know (declared, finite numbers); one pattern uses .NET's inline `(?i)` flag
 * (CittaEsteraModel.nazione_id), which JavaScript writes as the `i` flag.
 */

const YAML_URL = new URL('./formulari.yaml', import.meta.url);

type TOpenApi = { info: { version: string }; components: { schemas: Record<string, unknown> } };

function isOpenApi(value: unknown): value is TOpenApi {
  if (typeof value !== 'object' || value === null || !('components' in value) || !('info' in value)) return false;
  const { components } = value;
  return typeof components === 'object' && components !== null && 'schemas' in components;
}

export function loadRentriFormulari(): TOpenApi {
  const doc: unknown = parse(readFileSync(YAML_URL, 'utf8'));
  if (!isOpenApi(doc)) throw new Error('formulari.yaml is not an OpenAPI document with components.schemas');
  return doc;
}

/** JavaScript's RegExp, reading .NET's leading inline `(?i)` as the `i` flag. */
function inlineFlagRegExp(pattern: string, flags: string): RegExp {
  return pattern.includes('(?i)') ? new RegExp(pattern.replaceAll('(?i)', ''), `${flags}i`) : new RegExp(pattern, flags);
}

/** OpenAPI's `nullable` on a schema without `type` -> JSON Schema's "the schema, or null". */
function nullableToJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableToJsonSchema);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = nullableToJsonSchema(value);
  if (out.nullable === true && !('type' in out)) {
    const { nullable: _nullable, description, ...rest } = out;
    return { description, anyOf: [rest, { type: 'null' }] };
  }
  return out;
}

/** A validator of one named schema of the vendored file (NuovoFormularioModel for "create FIR"). */
export function rentriValidator(schemaName: string): ValidateFunction {
  const doc = loadRentriFormulari();
  const ajv = new Ajv({
    strict: false,
    allErrors: true,
    code: { regExp: Object.assign(inlineFlagRegExp, { code: 'inlineFlagRegExp' }) },
  });
  addFormats(ajv);
  ajv.addFormat('double', { type: 'number', validate: (n: number) => Number.isFinite(n) });
  ajv.addSchema({ $id: 'rentri-formulari', components: nullableToJsonSchema(doc.components) });
  const validate = ajv.getSchema(`rentri-formulari#/components/schemas/${schemaName}`);
  if (!validate) throw new Error(`formulari.yaml has no schema ${schemaName}`);
  return validate;
}
