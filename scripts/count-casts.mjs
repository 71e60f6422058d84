// Counts type assertions (`x as T`, `<T>x`) per workspace, `as const` and tests aside (issue 25's figure).
// Usage: node scripts/count-casts.mjs [--list]   (--list prints every site, `as never` ones flagged)
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = new URL('..', import.meta.url).pathname;
const workspaces = { api: 'apps/api/src', web: 'apps/web/src', domain: 'packages/domain/src' };
const isTest = (path) => /\.test\.tsx?$/.test(path) || /(^|\/)test\//.test(path) || /test-[^/]*\.ts$/.test(path);

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

const list = process.argv.includes('--list');
for (const [name, dir] of Object.entries(workspaces)) {
  let casts = 0;
  let asNever = 0;
  const perFile = new Map();
  for (const path of sourceFiles(join(root, dir))) {
    const rel = relative(root, path);
    if (isTest(rel)) continue;
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node) => {
      if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
        const type = node.type;
        const isConst = ts.isTypeReferenceNode(type) && type.typeName.getText(source) === 'const';
        if (!isConst) {
          casts++;
          const never = type.kind === ts.SyntaxKind.NeverKeyword;
          if (never) asNever++;
          perFile.set(rel, (perFile.get(rel) ?? 0) + 1);
          if (list) {
            const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
            console.log(`${rel}:${line + 1}${never ? ' [never]' : ''} ${node.getText(source).replace(/\s+/g, ' ').slice(0, 120)}`);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  const top = [...perFile]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([file, n]) => `${file} ${n}`);
  console.log(`${name}: ${casts} casts (${asNever} as never); most in ${top.join(', ')}`);
}
