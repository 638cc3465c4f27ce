import pg from 'pg';

/**
 * For tests on PostgreSQL: a login role with a connection limit, standing for a server that has no more
 * connections to give (a role's limit refuses them with SQLSTATE 53300, as a full server does; superusers
 * ignore it). `url` is `serverUrl` as that role; `drop` removes the role once its connections are closed.
 */
export async function createLimitedRole(
  serverUrl: string,
  { connections, createdb = false }: { connections: number; createdb?: boolean },
): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = new URL(serverUrl);
  const role = `guichet_limited_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const asServerAdmin = async (statement: string) => {
    const admin = new pg.Client({ connectionString: server.toString() });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  const password = server.password
    ? ` password ${pg.escapeLiteral(decodeURIComponent(server.password))}`
    : '';
  await asServerAdmin(
    `create role ${role} login${createdb ? ' createdb' : ''} connection limit ${Math.trunc(connections)}${password}`,
  );
  const url = new URL(server);
  url.username = role;
  return { url: url.toString(), drop: () => asServerAdmin(`drop role if exists ${role}`) };
}
