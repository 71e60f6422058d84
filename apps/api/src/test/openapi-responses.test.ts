import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from './harness.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type TSchema = Record<string, unknown>;
type TOperation = { responses?: Record<string, { content?: Record<string, { schema?: TSchema }> }> };

/** The success answers with a body (204 has none) of every operation in the OpenAPI description, by "METHOD path status". */
async function successSchemas(): Promise<Map<string, TSchema | undefined>> {
  const doc = (await t.request<{ paths: Record<string, Record<string, TOperation>> }>('GET', '/api/docs/json')).body;
  const found = new Map<string, TSchema | undefined>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (status.startsWith('2') && status !== '204') found.set(`${method.toUpperCase()} ${path} ${status}`, response.content?.['application/json']?.schema);
      }
    }
  }
  return found;
}

describe('OpenAPI: every answer described', () => {
  it('no success answer is an empty schema (a z.any() leaves the answer undescribed)', async () => {
    const schemas = await successSchemas();
    expect(schemas.size).toBeGreaterThan(100);
    const undescribed = [...schemas].filter(([, schema]) => !schema || Object.keys(schema).filter((key) => key !== 'description').length === 0).map(([name]) => name);
    expect(undescribed).toEqual([]);
  });

  it('describes the workflow facts and the files', async () => {
    const schemas = await successSchemas();
    const facts = schemas.get('GET /api/nca-reports/{id}/facts 200');
    expect(Object.keys((facts?.properties as TSchema | undefined) ?? {})).toEqual(expect.arrayContaining(['missingPhase1Fields', 'roundStatuses', 'mayForceSkip']));
    expect(Object.keys((schemas.get('GET /api/corrective-actions/{id}/facts 200')?.properties as TSchema | undefined) ?? {})).toEqual(expect.arrayContaining(['reportStatus', 'mayConfirm']));
    expect(schemas.get('GET /api/nca-reports/{id}/pdf 200')).toMatchObject({ type: 'string', format: 'binary', contentMediaType: 'application/pdf' });
    expect(schemas.get('GET /api/stays/export.xlsx 200')).toMatchObject({ type: 'string', format: 'binary' });
  });
});
