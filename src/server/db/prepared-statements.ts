/**
 * Issue 30 §1: PostgreSQL parses and plans a query sent as an unnamed statement every time —
 * about half of its CPU for a booking. Kysely sends each query as text with parameters; this
 * client sends the same text as a named prepared statement, so each pool connection parses it
 * once and PostgreSQL's plan cache decides between a custom and a generic plan (as it does for
 * pgbench -M prepared, the limit the booking bench compares with).
 *
 * Only inside a transaction: the writes that book, edit and cancel run the same few texts again
 * and again, and a generic plan fits them. A search outside one (the dashboard's, whose filters
 * pick a few rows of a big customer or many of a small one) keeps a plan made for its values.
 *
 * Bounded: the first MAX_NAMED distinct texts get names; a text beyond them goes unnamed as
 * before, so a connection never holds more than MAX_NAMED prepared statements. Transaction control
 * is not named: it has nothing to plan.
 */
import pg from 'pg';

const MAX_NAMED = 400;
const UNPLANNED = /^\s*(begin|commit|rollback|savepoint|release|set|listen|unlisten|notify)\b/i;

/** One name per text for the process: every connection prepares a text under the same name. */
const names = new Map<string, string>();

function nameOf(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= MAX_NAMED || UNPLANNED.test(text)) return known;
  const name = `brr_${names.size}`;
  names.set(text, name);
  return name;
}

type Query = pg.Client['query'];

const BEGIN = /^\s*begin\b/i;
const END = /^\s*(commit|rollback)\b/i;

export class PreparingClient extends pg.Client {
  #inTransaction = false;

  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this forwards them all.
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config === 'string') {
      if (BEGIN.test(config)) this.#inTransaction = true;
      else if (END.test(config)) this.#inTransaction = false;
      else if (this.#inTransaction && Array.isArray(values) && callback === undefined) {
        const name = nameOf(config);
        if (name) return (super.query as Query)({ name, text: config, values });
      }
    }
    return (super.query as Query)(config, values, callback);
  }
}
