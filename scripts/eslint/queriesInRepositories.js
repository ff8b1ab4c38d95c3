// Lint rule: only repositories build queries. A service, route or job reaches the database through
// a repository's function (findVisit(ctx.db, id)); it may open a transaction and hand it on, but
// never calls the query builder itself, on ctx.db, a transaction or anything else. Which files are
// repositories (*.repo.ts, db/) is the configuration's `files`/`ignores`, not this rule's.

/** Kysely's query-builder entry points (on a Kysely instance or a transaction). */
const builders = new Set([
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'selectNoFrom',
  'replaceInto',
]);

const propertyName = (member) => {
  if (!member.computed && member.property.type === 'Identifier') return member.property.name;
  if (member.property.type === 'Literal' && typeof member.property.value === 'string') return member.property.value;
  return undefined;
};

/** @type {import('eslint').Rule.RuleModule} */
export const queriesInRepositories = {
  meta: {
    type: 'problem',
    docs: { description: 'Build queries in repositories (*.repo.ts) only' },
    schema: [],
    messages: {
      query: '{{method}}() builds a query: move it into a repository (*.repo.ts) and call that function here.',
    },
  },
  create(context) {
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression') return;
        const method = propertyName(callee);
        if (method === undefined || !builders.has(method)) return;
        context.report({ node: callee.property, messageId: 'query', data: { method } });
      },
    };
  },
};
