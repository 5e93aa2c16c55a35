import pg from 'pg';

/** Runs one statement on its own connection, as the server's administrator. */
export async function runAsAdmin(serverUrl: string, statement: string): Promise<void> {
  await selectAsAdmin(serverUrl, statement);
}

/** The same, for a statement whose rows are wanted. */
export async function selectAsAdmin<Row extends object>(
  serverUrl: string,
  statement: string,
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query<Row>(statement)).rows;
  } finally {
    await client.end();
  }
}

/** The connection string with every connection's search_path set to the schema. */
export function inSchema(serverUrl: string, schema: string) {
  const url = new URL(serverUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/** The connection string with another database of the same server in place of its own. */
export function inDatabase(serverUrl: string, database: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
