// A database that cannot be reached (docs/architecture.md, "A database restart ends no
// instance"): refused or dropped connections, a server shutting down or starting up, a pool that
// found no connection in time. The request is answered 503 SERVICE_UNAVAILABLE with a
// Retry-After, so a client sends it again; no fault of the request or of the server's code.

/** SQLSTATE classes and codes of a connection lost or refused (08: connection exception; 57P0x: shut down, starting). */
const UNREACHABLE_STATES = /^(08[0-9A-Z]{3}|57P0[1-3])$/;
const UNREACHABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);
const UNREACHABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

export function isDatabaseUnreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNREACHABLE_STATES.test(code) || UNREACHABLE_SOCKET.has(code))) return true;
  return typeof message === 'string' && UNREACHABLE_MESSAGE.test(message);
}
