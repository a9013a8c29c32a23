// Finds import cycles between our TypeScript files (part of `npm run lint`). Type-only imports are
// ignored: they vanish at run time and cannot cause an initialisation-order bug.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const folders = ['packages/domain/src', 'packages/contracts/src', 'apps/server/src', 'apps/web/src'];
const files = folders.flatMap((folder) =>
  fs
    .readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter(
      (e) =>
        e.isFile() &&
        /\.(ts|tsx)$/.test(e.name) &&
        !/\.(test|int\.test)\.tsx?$/.test(e.name) &&
        !e.name.endsWith('.d.ts'),
    )
    .map((e) => path.join(e.parentPath, e.name)),
);
const known = new Set(files);
const options = {
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  module: ts.ModuleKind.ESNext,
  allowJs: false,
  resolveJsonModule: true,
  jsx: ts.JsxEmit.ReactJSX,
};

/** @type {Map<string, string[]>} */
const graph = new Map();
for (const file of files) {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const edges = [];
  for (const statement of source.statements) {
    const isImport = ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly;
    const isExport = ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.moduleSpecifier;
    if (!isImport && !isExport) continue;
    const specifier = statement.moduleSpecifier.text;
    const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule?.resolvedFileName;
    if (resolved && known.has(path.resolve(resolved))) edges.push(path.resolve(resolved));
  }
  graph.set(file, edges);
}

// Tarjan's strongly connected components: any component with more than one file is a cycle.
let index = 0;
const stack = [];
const meta = new Map();
const cycles = [];
function visit(v) {
  meta.set(v, { index, low: index, onStack: true });
  index += 1;
  stack.push(v);
  for (const w of graph.get(v) ?? []) {
    if (!meta.has(w)) {
      visit(w);
      meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
    } else if (meta.get(w).onStack) {
      meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
    }
  }
  if (meta.get(v).low === meta.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      meta.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component);
  }
}
for (const file of files) if (!meta.has(file)) visit(file);

if (cycles.length > 0) {
  console.error(`Import cycles (${cycles.length}):`);
  for (const cycle of cycles) console.error(`  ${cycle.map((f) => path.relative(root, f)).join(' <-> ')}`);
  process.exit(1);
}
console.log(`import cycles: none in ${files.length} files`);
