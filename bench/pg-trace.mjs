/**
 * `node --import ./bench/pg-trace.mjs`: the statement log of a server process, as node-pg sends it.
 * Every query's text, its parameters as they go over the wire, the connection it ran on and its
 * first rows are appended to PG_TRACE_FILE as JSON lines (bench/booking-statements.ts reads them
 * to write the pgbench script). Not for production: it writes a file per statement.
 */
import { appendFileSync } from 'node:fs';
import pg from 'pg';
import utils from 'pg/lib/utils.js';

const file = process.env.PG_TRACE_FILE;
if (!file) throw new Error('pg-trace: set PG_TRACE_FILE');

const wire = (value) => {
  const prepared = utils.prepareValue(value);
  return prepared === null || prepared === undefined ? null : String(prepared);
};

const query = pg.Client.prototype.query;
pg.Client.prototype.query = function traced(config, values, callback) {
  const text = typeof config === 'string' ? config : config?.text;
  const params = (typeof config === 'object' && config?.values) || (Array.isArray(values) ? values : []);
  const line = { connection: this.processID, text, params: params.map(wire) };
  const result = query.call(this, config, values, callback);
  if (text && result && typeof result.then === 'function')
    result.then(
      (r) => {
        const rows = Array.isArray(r) ? [] : (r?.rows ?? []);
        appendFileSync(
          file,
          `${JSON.stringify({ ...line, rowCount: rows.length, first: rows[0] ?? null })}\n`,
        );
      },
      (error) => appendFileSync(file, `${JSON.stringify({ ...line, error: error.message })}\n`),
    );
  return result;
};
