// @ts-check
// A local ESLint rule: imports must follow the direction of dependencies in docs/ARCHITECTURE.md.
// Each zone says: files under `target` may not import files under any of `from` (except `except`).
// Relative imports are resolved against the importing file; `@portal/<pkg>` names map to their folder.
import path from 'node:path';

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
        },
        required: ['root', 'zones'],
      },
    ],
  },
  create(context) {
    const { root, zones } = context.options[0];
    const abs = (p) => path.resolve(root, p);
    const file = context.filename;
    const applicable = zones.filter((zone) => zone.target.some((t) => isWithin(file, abs(t))));
    if (applicable.length === 0) return {};

    /** @param {string} specifier */
    const resolve = (specifier) => {
      if (specifier.startsWith('.')) return path.resolve(path.dirname(file), specifier);
      const pkg = Object.keys(PACKAGE_FOLDERS).find((name) => specifier === name || specifier.startsWith(name + '/'));
      return pkg ? abs(PACKAGE_FOLDERS[pkg] + specifier.slice(pkg.length)) : null;
    };

    /** @param {import('estree').Node} node @param {unknown} source */
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const target = resolve(source);
      if (target === null) return;
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

export default { rules: { 'dependency-direction': dependencyDirection } };
