// One-off: point imports of MUI components the kit provides at the kit (docs/decisions/059).
// node tools/kit/codemod.mjs [files...]  (default: every .ts/.tsx under apps/web/src outside kit/)
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve('apps/web/src');
const kitDir = path.join(root, 'kit');
const provided = new Set(
  fs
    .readdirSync(kitDir)
    .filter((f) => /^[A-Z].*\.tsx?$/.test(f) || f === 'useMediaQuery.ts')
    .map((f) => f.replace(/\.tsx?$/, '')),
);
const walk = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return p === kitDir ? [] : walk(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
const files = process.argv.slice(2).length ? process.argv.slice(2).map((f) => path.resolve(f)) : walk(root);
let changed = 0;
const left = new Map();
for (const file of files) {
  const source = fs.readFileSync(file, 'utf8');
  let rel = path.relative(path.dirname(file), kitDir).split(path.sep).join('/');
  if (!rel.startsWith('.')) rel = `./${rel}`;
  const next = source.replace(/from '@mui\/material\/([A-Za-z]+)'/g, (whole, name) => {
    if (name === 'styles') return `from '${rel}/styles'`;
    if (provided.has(name)) return `from '${rel}/${name}'`;
    left.set(name, (left.get(name) ?? 0) + 1);
    return whole;
  });
  if (next !== source) {
    fs.writeFileSync(file, next);
    changed += 1;
  }
}
// eslint-disable-next-line no-console -- a one-off tool run by hand
console.log(`${changed} files changed; MUI modules still imported:`, Object.fromEntries(left));
