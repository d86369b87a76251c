/**
 * Preloaded into a service process (`node --import`) by test/hardening/kill-before-publish.test.ts:
 * the process SIGKILLs itself the moment it first asks PostgreSQL to send a fanout notice, that is
 * after a commit returned and before its notice leaves (src/events/pg-fanout.ts sends notices, and
 * nothing else runs `pg_notify`). Plain JavaScript, so it needs no loader, and it patches the one
 * `pg` module the service imports.
 */
import pg from 'pg';

const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, ...rest) {
  const text = typeof config === 'string' ? config : config?.text;
  if (typeof text === 'string' && text.includes('pg_notify')) process.kill(process.pid, 'SIGKILL');
  return query.call(this, config, ...rest);
};
