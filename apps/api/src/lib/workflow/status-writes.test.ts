import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOT_WORKFLOW_STATES, STATUS_KEY } from './status-columns.ts';

/*
 * Every status change goes through the workflow runner (run-transition.ts): no other file of the API
 * writes a status column (`status`, `...Status`) itself. The writes are found with the type checker,
 * so a status hidden in a spread or a variable (`.set({ ...changes, updatedAt })`) counts too:
 * `update(t).set(...)`, `onConflictDoUpdate({ set })` and raw `sql` updates. Inserts are free: a
 * record is created in its first state.
 */

const API = fileURLToPath(new URL('../../../', import.meta.url));
const SRC = join(API, 'src');
/** The runner is the one writer; the seed builds demo records in their states; tests set up their cases. */
const WRITERS = ['lib/workflow/'];
const IGNORED = ['seed/', 'test/'];

type TWrite = { file: string; line: number; column: string };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

/** Every write of a status-named column outside the runner, as `table.column`. */
function statusWrites(): TWrite[] {
  const config = ts.parseJsonConfigFileContent(ts.readConfigFile(join(API, 'tsconfig.json'), (path) => ts.sys.readFile(path)).config, ts.sys, API);
  const program = ts.createProgram({ rootNames: sourceFiles(SRC), options: { ...config.options, noEmit: true } });
  const checker = program.getTypeChecker();
  const statusKeysOf = (node: ts.Node) => {
    const type = checker.getTypeAtLocation(node);
    const parts = type.isUnion() ? type.types : [type];
    return [...new Set(parts.flatMap((part) => checker.getPropertiesOfType(checker.getApparentType(part)).map((p) => p.name)))].filter((name) => STATUS_KEY.test(name));
  };
  /** The SQL name of a Drizzle table expression (`tx.update(table)`), from its type. */
  const tableNameOf = (node: ts.Node | undefined) => {
    if (!node) return '?';
    const meta = checker.getTypeAtLocation(node).getProperty('_');
    const name = meta && checker.getTypeOfSymbolAtLocation(meta, node).getProperty('name');
    const literal = name && checker.getTypeOfSymbolAtLocation(name, node);
    return literal?.isStringLiteral() ? literal.value : node.getText();
  };
  const writes: TWrite[] = [];
  for (const source of program.getSourceFiles()) {
    const file = relative(SRC, source.fileName);
    if (file.startsWith('..') || [...WRITERS, ...IGNORED].some((prefix) => file.startsWith(prefix))) continue;
    const add = (node: ts.Node, table: string, keys: string[]) => {
      for (const key of keys) writes.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, column: `${table}.${key}` });
    };
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const method = node.expression.name.text;
        const receiver = node.expression.expression;
        // tx.update(table).set(values)
        if (method === 'set' && node.arguments.length === 1 && ts.isCallExpression(receiver) && ts.isPropertyAccessExpression(receiver.expression) && receiver.expression.name.text === 'update')
          add(node, tableNameOf(receiver.arguments[0]), statusKeysOf(node.arguments[0]));
        // insert(table).values(...).onConflictDoUpdate({ set: values })
        if (method === 'onConflictDoUpdate' && node.arguments[0] && ts.isObjectLiteralExpression(node.arguments[0]))
          for (const property of node.arguments[0].properties) if (ts.isPropertyAssignment(property) && property.name.getText() === 'set') add(node, 'upsert', statusKeysOf(property.initializer));
      }
      // sql`update ... set status = ...`
      if (ts.isTaggedTemplateExpression(node) && node.tag.getText() === 'sql') {
        const text = node.template.getText();
        const match = /\bupdate\s+"?(\w+)"?[\s\S]*?\bset\b([\s\S]*)/i.exec(text);
        const column = match && /\b(status|\w+_status)\s*=/i.exec(match[2]);
        if (match && column) add(node, match[1], [column[1]]);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return writes;
}

describe('status columns', () => {
  let writes: TWrite[];
  beforeAll(() => {
    writes = statusWrites();
  }, 300_000);

  it('are found wherever a file writes one, through spreads too (the scanner works)', () => {
    expect(writes.map((w) => `${w.file} ${w.column}`)).toEqual(
      expect.arrayContaining([
        'modules/platform/mail/mailer.ts mail_outbox.status',
        'modules/platform/jobs/job-runner.ts job_runs.status',
        'modules/tourist-tax/reprice/reprice-stays.ts stays.paymentStatus',
      ]),
    );
  });

  it('are written only by the workflow runner', () => {
    const outside = writes.filter((w) => !Object.hasOwn(NOT_WORKFLOW_STATES, w.column)).map((w) => `${w.file}:${w.line} writes ${w.column}`);
    expect(outside).toEqual([]);
  });
});
