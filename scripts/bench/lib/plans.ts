// Query plans of what a service call runs: the statements captured as compiled (as sent), then
// EXPLAINed on the same database.
import type { CompiledQuery, KyselyPlugin, RootOperationNode } from 'kysely';
import type { DatabaseHandle } from '@vestibule/server';

type Db = DatabaseHandle['db'];

/** Captures the statements run through `db.withPlugin(capture)` (compiled as sent), for EXPLAIN. */
class Capture implements KyselyPlugin {
  queries: CompiledQuery[] = [];
  private readonly compile: (node: RootOperationNode) => CompiledQuery;
  constructor(compile: (node: RootOperationNode) => CompiledQuery) {
    this.compile = compile;
  }
  transformQuery({ node }: { node: RootOperationNode }): RootOperationNode {
    this.queries.push(this.compile(node));
    return node;
  }
  async transformResult<T>({ result }: { result: T }): Promise<T> {
    return result;
  }
}

/** The statements `work` runs on the database it is given (a capturing view of `db`), compiled as sent. */
export async function capturedStatements(
  db: Db,
  name: string,
  work: (capturing: Db) => Promise<unknown>,
): Promise<CompiledQuery[]> {
  const capture = new Capture((node) => db.getExecutor().compileQuery(node, { queryId: name } as never));
  await work(db.withPlugin(capture));
  return capture.queries;
}

/** One statement's plan, as text (with ANALYZE when `analyze`: the statement runs). */
export async function explainStatement(db: Db, compiled: CompiledQuery, analyze: boolean): Promise<string> {
  const plan = await db.executeQuery<{ 'QUERY PLAN': string }>({
    ...compiled,
    sql: `explain ${analyze ? '(analyze, buffers off) ' : ''}${compiled.sql}`,
  });
  return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
}
