// Lint rule: a workspace package is used through its entries, the `exports` of its package.json
// (@vestibule/server, @vestibule/shared/api, ...), never by a relative path into its folder
// (../../server/src/app.ts, ../../server/test/helpers/factories.ts) nor by a subpath it does not
// export (@vestibule/kiosk/src/offline/outbox.ts). A package's files are its own to move; its
// entries are what it promises to the others. Relative imports inside one package are its own
// business. The packages are the workspace root's folders that hold a package.json.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** @typedef {{ folder: string, name: string, entries: string[] }} WorkspacePackage */

/** @type {Map<string, Map<string, WorkspacePackage>>} workspace root -> folder -> package */
const workspaces = new Map();

/** The packages of the workspace at `root` by folder, read once per lint run. */
function packagesOf(root) {
  const known = workspaces.get(root);
  if (known) return known;
  const packages = new Map();
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const file = path.join(root, entry.name, 'package.json');
    if (!entry.isDirectory() || entry.name === 'node_modules' || !existsSync(file)) continue;
    const json = JSON.parse(readFileSync(file, 'utf8'));
    const exports = json.exports;
    const entries =
      typeof exports === 'string' ? ['.'] : exports && typeof exports === 'object' ? Object.keys(exports) : [];
    packages.set(entry.name, { folder: entry.name, name: json.name ?? entry.name, entries });
  }
  workspaces.set(root, packages);
  return packages;
}

/** The workspace package whose folder holds `file`, if any. */
function packageOfFile(root, file) {
  const relative = path.relative(root, file);
  if (relative.startsWith('..') || path.isAbsolute(relative) || !relative.includes(path.sep)) return undefined;
  return packagesOf(root).get(relative.split(path.sep)[0] ?? '');
}

/** The workspace package named `name` (@vestibule/server), if any. */
function packageNamed(root, name) {
  for (const candidate of packagesOf(root).values()) if (candidate.name === name) return candidate;
  return undefined;
}

/** Whether `./sub` is one of the package's export keys (a `*` key matches any one tail). */
function exported(pkg, subpath) {
  return pkg.entries.some((key) => {
    if (!key.includes('*')) return key === subpath;
    const [head = '', tail = ''] = key.split('*');
    return subpath.length > head.length + tail.length && subpath.startsWith(head) && subpath.endsWith(tail);
  });
}

const entriesOf = (pkg) =>
  pkg.entries.length === 0
    ? `${pkg.name} exports nothing yet: add an entry to ${pkg.folder}/package.json "exports"`
    : `use ${pkg.entries.map((key) => pkg.name + key.slice(1)).join(', ')}`;

/** @type {import('eslint').Rule.RuleModule} */
export const packageEntry = {
  meta: {
    type: 'problem',
    docs: { description: "Import another workspace package only through its package.json's exports" },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string', description: 'The workspace root (default: the cwd)' } },
        additionalProperties: false,
      },
    ],
    messages: {
      relative:
        "'{{source}}' reaches into the files of {{folder}}/: import the package through its entries ({{entries}}).",
      subpath: "'{{source}}' is not an entry of {{name}} ({{entries}}).",
    },
  },
  create(context) {
    const root = path.resolve(context.options[0]?.root ?? context.cwd);
    const filename = context.filename;
    const own = packageOfFile(root, filename);
    const check = (node) => {
      const source = node.source?.type === 'Literal' ? node.source.value : undefined;
      if (typeof source !== 'string') return;
      if (source.startsWith('.')) {
        const target = packageOfFile(root, path.resolve(path.dirname(filename), source));
        if (!target || target.folder === own?.folder) return;
        context.report({
          node: node.source,
          messageId: 'relative',
          data: { source, folder: target.folder, entries: entriesOf(target) },
        });
        return;
      }
      const scoped = /^(@[^/]+\/[^/]+)(\/.*)?$/.exec(source);
      if (!scoped?.[1] || !scoped[2]) return;
      const target = packageNamed(root, scoped[1]);
      if (!target || target.folder === own?.folder || exported(target, `.${scoped[2]}`)) return;
      context.report({
        node: node.source,
        messageId: 'subpath',
        data: { source, name: target.name, entries: entriesOf(target) },
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
