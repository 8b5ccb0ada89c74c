import pg from 'pg';

/** A PostgreSQL database made for one benchmark run, and the way to drop it afterwards. */
export interface ThrowawayDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates `<prefix>_<time>` on the server of `adminUrl` (a URL with rights to create one). */
export async function createThrowawayDatabase(
  adminUrl: string,
  prefix: string,
): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}`;
  await runAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runAdmin(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

async function runAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
