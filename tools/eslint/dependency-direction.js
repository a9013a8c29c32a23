// @ts-check
// A local ESLint rule: imports must follow the direction of dependencies in docs/ARCHITECTURE.md.
// Each zone says: files under `target` may not import files under any of `from` (except `except`).
// Relative imports are resolved against the importing file; `@portal/<pkg>` names map to their folder.
//
// Server module zones (issue 38, option `modules`): a file under `<modules>/<a>/` may import from another
// module `<modules>/<b>/` only its `service.ts` (the module's public face, types included), and may import
// from `<schema>` only the tables `owners` gives to `<modules>/<a>`. Type-only imports of a table are fine
// (a row's type says nothing about who queries it). Test files are exempt (they set up any record).
// `allow` lists the known exceptions, each by file and what it imports, with why it is still there.
import path from 'node:path';

/** @type {Record<string, string>} */
const PACKAGE_FOLDERS = {
  '@portal/domain': 'packages/domain',
  '@portal/contracts': 'packages/contracts',
  '@portal/server': 'apps/server',
  '@portal/web': 'apps/web',
};

/** @param {string} child @param {string} parent */
const isWithin = (child, parent) => child === parent || child.startsWith(parent + path.sep);

/** @type {import('eslint').Rule.RuleModule} */
export const dependencyDirection = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the direction of dependencies between folders' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { type: 'array', items: { type: 'string' } },
                from: { type: 'array', items: { type: 'string' } },
                except: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
              },
              required: ['target', 'from', 'message'],
            },
          },
          modules: {
            type: 'object',
            properties: {
              folder: { type: 'string' },
              schema: { type: 'string' },
              owners: { type: 'object', additionalProperties: { type: 'string' } },
              allow: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    file: { type: 'string' },
                    imports: { type: 'array', items: { type: 'string' } },
                    note: { type: 'string' },
                  },
                  required: ['file', 'imports', 'note'],
                },
              },
            },
            required: ['folder', 'schema', 'owners'],
          },
        },
        required: ['root', 'zones'],
      },
    ],
  },
  create(context) {
    /** @type {{ root: string, zones: { target: string[], from: string[], except?: string[], message: string }[], modules?: Parameters<typeof moduleZoneOf>[2] }} */
    const { root, zones, modules } = context.options[0];
    /** @param {string} p */
    const abs = (p) => path.resolve(root, p);
    const file = context.filename;
    const applicable = zones.filter((zone) => zone.target.some((t) => isWithin(file, abs(t))));
    const moduleZone = modules ? moduleZoneOf(file, abs, modules) : null;
    if (applicable.length === 0 && moduleZone === null) return {};

    /** @param {string} specifier */
    const resolve = (specifier) => {
      if (specifier.startsWith('.')) return path.resolve(path.dirname(file), specifier);
      const pkg = Object.keys(PACKAGE_FOLDERS).find(
        (name) => specifier === name || specifier.startsWith(name + '/'),
      );
      return pkg ? abs(PACKAGE_FOLDERS[pkg] + specifier.slice(pkg.length)) : null;
    };

    /** @param {any} node @param {unknown} source */
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const target = resolve(source);
      if (target === null) return;
      if (moduleZone !== null) checkModuleZone(context, moduleZone, node, source, target);
      for (const zone of applicable) {
        const fromHit = zone.from.some((f) => isWithin(target, abs(f)));
        const excepted = (zone.except ?? []).some((e) => isWithin(target, abs(e)));
        // An import inside the importer's own `from` folder (e.g. an area importing itself) is fine when excepted.
        if (fromHit && !excepted) {
          context.report({ node, message: `${zone.message} (${source})` });
          return;
        }
      }
    };

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

/**
 * The module a file belongs to, with what it may import, or null for a file outside the modules (or a test).
 * @param {string} file @param {(p: string) => string} abs
 * @param {{ folder: string, schema: string, owners: Record<string, string>, allow?: { file: string, imports: string[] }[] }} modules
 */
function moduleZoneOf(file, abs, modules) {
  const folder = abs(modules.folder);
  // Tests and their fixtures set up whatever records they need.
  if (
    !isWithin(file, folder) ||
    /\.(test|fixtures)\.tsx?$/.test(file) ||
    file.includes(`${path.sep}fixtures${path.sep}`)
  )
    return null;
  const name = path.relative(folder, file).split(path.sep)[0];
  if (name === undefined || name.endsWith('.ts')) return null;
  const srcRoot = path.dirname(folder);
  const allowed = new Set(
    (modules.allow ?? []).filter((entry) => abs(entry.file) === file).flatMap((entry) => entry.imports),
  );
  return { name, folder, schema: abs(modules.schema), srcRoot, owners: modules.owners, allowed };
}

/**
 * @param {import('eslint').Rule.RuleContext} context
 * @param {NonNullable<ReturnType<typeof moduleZoneOf>>} zone
 * @param {any} node @param {string} source @param {string} target
 */
function checkModuleZone(context, zone, node, source, target) {
  const own = path.join(zone.folder, zone.name);
  if (isWithin(target, zone.schema)) {
    // Which names come in: `import { a, type B }`, `export { a } from`; a namespace import takes every table.
    const specifiers =
      node.type === 'ImportDeclaration'
        ? node.specifiers
        : node.type === 'ExportNamedDeclaration'
          ? node.specifiers
          : null;
    const typeOnly = node.importKind === 'type' || node.exportKind === 'type';
    if (typeOnly) return;
    if (
      specifiers === null ||
      specifiers.some(
        (/** @type {any} */ s) =>
          s.type === 'ImportNamespaceSpecifier' || s.type === 'ImportDefaultSpecifier',
      )
    ) {
      context.report({
        node,
        message: `import tables from the schema by name, so the lint can see which (${source})`,
      });
      return;
    }
    for (const specifier of specifiers) {
      if (specifier.importKind === 'type' || specifier.exportKind === 'type') continue;
      const table =
        specifier.type === 'ImportSpecifier' ? nameOf(specifier.imported) : nameOf(specifier.local);
      const owner = zone.owners[table];
      if (owner === undefined || path.join(zone.srcRoot, owner) === own || zone.allowed.has(table)) continue;
      const via = owner.startsWith('modules/')
        ? `call a function of ${owner}/service.ts named for what you need`
        : `use what ${owner}/ offers`;
      context.report({
        node: specifier,
        message: `table ${table} belongs to ${owner}, not modules/${zone.name}: ${via} (or move the code to its owner); owners are in apps/server/src/db/table-owners.js`,
      });
    }
    return;
  }
  if (!isWithin(target, zone.folder) || isWithin(target, own)) return;
  const [other] = path.relative(zone.folder, target).split(path.sep);
  const publicFace = path.join(zone.folder, other ?? '', 'service');
  if (target === publicFace || target === publicFace + '.ts') return;
  const relative = path.relative(zone.srcRoot, target).split(path.sep).join('/');
  if (zone.allowed.has(relative.replace(/\.ts$/, ''))) return;
  context.report({
    node,
    message: `modules/${zone.name} may import only service.ts of modules/${other}: add a function named for what you need to modules/${other}/service.ts and call it (${source})`,
  });
}

/** @param {any} id */
const nameOf = (id) => (id.type === 'Identifier' ? id.name : String(id.value));

export default { rules: { 'dependency-direction': dependencyDirection } };
