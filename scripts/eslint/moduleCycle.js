// Lint rule: the server's modules (server/src/modules/<name>/) depend on each other one way.
// import-x/no-cycle follows files, so users/a.ts -> account/b.ts and account/c.ts -> users/d.ts
// pass it; here an import from module A of a file of module B is an error when B already reaches
// A through its own imports, and the message names the cycle (users -> account -> users).
//
// The module graph is read from the import lines of the files under the modules folder, once per
// lint run (cached a few seconds, so an editor's long-lived process sees new imports). Tests
// (*.test.ts) and test support (*.test-fixtures.ts) are left out of the graph and are not checked:
// a test may set up its world through another module's service (a users test making an account)
// without the running server ever loading that edge, so counting it would report cycles that do
// not exist at run time and push tests into odd shapes.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const CACHE_MS = 5_000;
const sourceFile = /\.(?:ts|tsx|js|mjs)$/;
const testFile = /\.(?:test|test-fixtures)\.(?:ts|tsx|js|mjs)$/;
/** Relative specifiers of `import ... from`, `export ... from`, `import '...'` and `import('...')`. */
const specifiers = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** @typedef {Map<string, Map<string, string>>} ModuleGraph module -> module it imports -> one file doing it */

/** @type {Map<string, { built: number, graph: ModuleGraph }>} */
const graphs = new Map();

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(full);
    return sourceFile.test(entry.name) && !testFile.test(entry.name) ? [full] : [];
  });
}

/** The module (first folder under `modulesDir`) that holds `file`, if any. */
function moduleOf(modulesDir, file) {
  const relative = path.relative(modulesDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative) || !relative.includes(path.sep)) return undefined;
  return relative.split(path.sep)[0];
}

/** @returns {ModuleGraph} */
function graphOf(modulesDir) {
  const cached = graphs.get(modulesDir);
  if (cached && Date.now() - cached.built < CACHE_MS) return cached.graph;
  /** @type {ModuleGraph} */
  const graph = new Map();
  for (const file of filesUnder(modulesDir)) {
    const from = moduleOf(modulesDir, file);
    if (!from) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(specifiers)) {
      const to = moduleOf(modulesDir, path.resolve(path.dirname(file), match[1] ?? ''));
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map();
      graph.set(from, edges);
      if (!edges.has(to)) edges.set(to, path.relative(modulesDir, file));
    }
  }
  graphs.set(modulesDir, { built: Date.now(), graph });
  return graph;
}

/** The shortest way from module `start` to module `goal` (both included), if there is one. */
function pathBetween(graph, start, goal) {
  /** @type {Map<string, string | null>} */
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = /** @type {string} */ (queue.shift());
    if (current === goal) {
      const way = [];
      for (let step = goal; step !== null; step = cameFrom.get(step) ?? null) way.unshift(step);
      return way;
    }
    for (const next of graph.get(current)?.keys() ?? []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, current);
      queue.push(next);
    }
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const moduleCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle between server modules (module level, not file level)' },
    schema: [
      {
        type: 'object',
        properties: { modulesDir: { type: 'string', description: 'The modules folder (absolute, or from the cwd)' } },
        required: ['modulesDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle: 'This import closes a module cycle: {{cycle}} ({{back}}). Modules depend on each other one way.',
    },
  },
  create(context) {
    const modulesDir = path.resolve(context.cwd, context.options[0]?.modulesDir ?? '.');
    const filename = context.filename;
    const own = moduleOf(modulesDir, filename);
    if (!own || testFile.test(filename)) return {};
    const check = (node) => {
      const source = node.source?.type === 'Literal' ? node.source.value : undefined;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = moduleOf(modulesDir, path.resolve(path.dirname(filename), source));
      if (!target || target === own) return;
      const graph = graphOf(modulesDir);
      const back = pathBetween(graph, target, own);
      if (!back) return;
      const [first, second] = back;
      const file = first && second ? graph.get(first)?.get(second) : undefined;
      context.report({
        node: node.source,
        messageId: 'cycle',
        data: {
          cycle: [own, ...back].join(' -> '),
          back: `${file ?? first} imports ${second ?? own}`,
        },
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
