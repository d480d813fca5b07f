/**
 * Whether an error says the database could not be reached or had no room for this request (not a
 * bug in the request or the shop): PostgreSQL's "insufficient resources" class (53: too many
 * connections, out of memory, disk full), a server starting or shutting down (57P01-57P03), a
 * refused or dropped connection, or the pool's wait for a free connection running out.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code.startsWith('53') && code.length === 5) return true;
    if (code === '57P01' || code === '57P02' || code === '57P03') return true;
    if (code === 'ECONNREFUSED' || code === 'ECONNRESET') return true;
  }
  const message = (error as { message?: unknown }).message;
  return (
    typeof message === 'string' &&
    (message === 'timeout exceeded when trying to connect' || message === 'Connection terminated due to connection timeout')
  );
}
