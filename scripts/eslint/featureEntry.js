// Lint rule: a feature folder (admin/src/features/x, kiosk/src/features/x) is used from outside
// only through its public entry, x/index.ts. Its other files are its own to change. Dynamic
// import() of a screen is allowed (a lazy route loads that screen alone, not the whole entry),
// and so are tests, which may reach inside.
import path from 'node:path';

const featureOf = (file) => /^(.*\/(?:admin|kiosk)\/src\/features\/[^/]+)\//.exec(file)?.[1];

/** @type {import('eslint').Rule.RuleModule} */
export const featureEntry = {
  meta: {
    type: 'problem',
    docs: { description: 'Import another feature only through its index.ts' },
    schema: [],
    messages: {
      deep: "Import '{{feature}}' through its public entry ({{entry}}), not its file {{file}}.",
    },
  },
  create(context) {
    const filename = context.filename;
    if (/\.test\.tsx?$/.test(filename)) return {};
    const own = featureOf(filename);
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(filename), source);
      const feature = featureOf(target);
      if (!feature || feature === own || target === path.join(feature, 'index.ts')) return;
      context.report({
        node: node.source,
        messageId: 'deep',
        data: {
          feature: path.basename(feature),
          entry: path.relative(path.dirname(filename), path.join(feature, 'index.ts')),
          file: path.relative(feature, target),
        },
      });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
