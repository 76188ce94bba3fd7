// Per-file e2e databases, shared by jest's global setup/teardown and the per-file setup (env.ts).
// Plain CommonJS so env.ts can run it in a child process: a jest setup file cannot await, and the
// database must exist before the test file's own code (which may snapshot process.env) runs.
const { Client } = require('pg');

/** The same server as `url`, database `postgres`: CREATE/DROP DATABASE cannot run inside the target. */
function adminUrl(url) {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

function databaseName(url) {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(name)}`;
  return u.toString();
}

const quote = (name) => `"${name.replace(/"/g, '""')}"`;

async function withAdmin(url, fn) {
  const client = new Client({ connectionString: adminUrl(url) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * CREATE DATABASE name TEMPLATE template. PostgreSQL refuses while anything else is connected to
 * the template (55006); the template's only users are the CLI's short-lived child processes and
 * other runs starting at the same moment, so a short retry covers it.
 */
async function createFromTemplate(templateUrl, name) {
  const template = databaseName(templateUrl);
  await withAdmin(templateUrl, async (client) => {
    const started = Date.now();
    for (;;) {
      try {
        await client.query(`create database ${quote(name)} template ${quote(template)}`);
        return;
      } catch (err) {
        if (err.code !== '55006' || Date.now() - started > 20000) throw err;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  });
  return withDatabase(templateUrl, name);
}

/** Drops every database whose name starts with `prefix` (this run's per-file copies). */
async function dropByPrefix(url, prefix) {
  return withAdmin(url, async (client) => {
    const like = prefix.replace(/[\\%_]/g, (c) => `\\${c}`) + '%';
    const { rows } = await client.query('select datname from pg_database where datname like $1', [like]);
    for (const { datname } of rows) await client.query(`drop database if exists ${quote(datname)} with (force)`);
    return rows.map((r) => r.datname);
  });
}

module.exports = { adminUrl, databaseName, withDatabase, createFromTemplate, dropByPrefix };

// `node databases.js create <templateUrl> <name>` prints the new database's URL.
if (require.main === module) {
  const [cmd, templateUrl, name] = process.argv.slice(2);
  if (cmd !== 'create' || !templateUrl || !name) {
    console.error('usage: node test/support/databases.js create <templateUrl> <name>');
    process.exit(2);
  }
  createFromTemplate(templateUrl, name).then(
    (url) => process.stdout.write(url),
    (err) => {
      console.error(err.message);
      process.exit(1);
    },
  );
}
