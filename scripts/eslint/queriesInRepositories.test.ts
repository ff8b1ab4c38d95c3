import { ruleTester } from './ruleTester.ts';
import { queriesInRepositories } from './queriesInRepositories.js';

const service = '/repo/server/src/modules/visits/visits.service.ts';

ruleTester.run('queries-in-repositories', queriesInRepositories, {
  valid: [
    {
      name: "a service calls a repository's function",
      filename: service,
      code: 'export const visitOf = (ctx, id) => findVisit(ctx.db, id);',
    },
    {
      name: 'a service opens a transaction and hands it to repositories',
      filename: service,
      code: 'export const move = (ctx, visit) => ctx.db.transaction().execute(async (trx) => saveVisit(trx, visit));',
    },
  ],
  invalid: [
    {
      name: 'a service selecting on ctx.db',
      filename: service,
      code: "export const visitOf = (ctx, id) => ctx.db.selectFrom('visits').selectAll().where('id', '=', id).execute();",
      errors: [{ messageId: 'query', data: { method: 'selectFrom' } }],
    },
    {
      name: 'a write inside a transaction',
      filename: service,
      code: "await ctx.db.transaction().execute((trx) => trx.insertInto('visits').values(row).execute());",
      errors: [{ messageId: 'query', data: { method: 'insertInto' } }],
    },
    {
      name: 'every builder, on any object, however it is named',
      filename: service,
      code: [
        "db.updateTable('visits');",
        "db.deleteFrom('visits');",
        "db.mergeInto('visits');",
        'db.selectNoFrom((eb) => eb.val(1));',
        "db.replaceInto('visits');",
        "db['selectFrom']('visits');",
        "db?.selectFrom('visits');",
      ].join('\n'),
      errors: ['updateTable', 'deleteFrom', 'mergeInto', 'selectNoFrom', 'replaceInto', 'selectFrom', 'selectFrom'].map(
        (method) => ({ messageId: 'query', data: { method } }),
      ),
    },
  ],
});
