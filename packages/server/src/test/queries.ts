import type { KyselyPlugin, QueryId } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * The same database with every statement it runs counted (`transformResult` runs once per executed
 * statement, raw `sql` ones too), for tests that prove a read takes a fixed number of queries.
 * Statements whose operation tree mentions `ignore` are left out (a background sweep's).
 */
export function countingQueries(db: Db, ignore?: string) {
  let count = 0;
  const ignored = new WeakMap<QueryId, boolean>();
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      ignored.set(args.queryId, ignore !== undefined && JSON.stringify(args.node).includes(ignore));
      return args.node;
    },
    transformResult: async (args) => {
      if (!ignored.get(args.queryId)) count += 1;
      return args.result;
    },
  };
  return {
    db: db.withPlugin(plugin),
    /** Statements run since the last `reset`. */
    get count() {
      return count;
    },
    reset() {
      count = 0;
    },
  };
}
