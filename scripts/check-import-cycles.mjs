// Fails when modules of src/ import each other in a cycle (STYLE.md habit 9, "no-cycle").
// Our own small check: eslint-plugin-import-x needs a native resolver whose platform packages the
// npm mirror of CI lacks, which breaks `npm ci`. Type-only imports are ignored (erased at runtime).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const aliases = { '#shared/': 'src/shared/', '#server/': 'src/server/', '#web/': 'src/web/', '#tests/': 'tests/' };

function listFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : listFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.d\.ts$/.test(name) ? [full] : [];
  });
}

function resolveImport(from, specifier) {
  const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix));
  let target;
  if (alias) target = path.join(root, aliases[alias], specifier.slice(alias.length));
  else if (specifier.startsWith('.')) target = path.resolve(path.dirname(from), specifier);
  else return undefined;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

function runtimeImports(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes =
        clause &&
        !clause.name &&
        named &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes) specifiers.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers.map((specifier) => resolveImport(file, specifier)).filter(Boolean);
}

const files = [...listFiles(path.join(root, 'src')), ...listFiles(path.join(root, 'tests'))];
const graph = new Map(files.map((file) => [file, runtimeImports(file)]));

// Depth-first search with colours; each back edge is a cycle.
const state = new Map();
const stack = [];
const cycles = [];
function visit(file) {
  state.set(file, 'active');
  stack.push(file);
  for (const next of graph.get(file) ?? []) {
    if (state.get(next) === 'active') cycles.push([...stack.slice(stack.indexOf(next)), next]);
    else if (!state.has(next)) visit(next);
  }
  stack.pop();
  state.set(file, 'done');
}
for (const file of files) if (!state.has(file)) visit(file);

if (cycles.length > 0) {
  for (const cycle of cycles) console.error(`import cycle: ${cycle.map((f) => path.relative(root, f)).join(' -> ')}`);
  process.exit(1);
}
console.log(`no import cycles in ${files.length} files`);
