const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * What the server surely refuses of an address it is to call (docs/webhooks.md, "Endpoints"; the
 * same rule for a company's chat and SMS addresses): one that is not HTTPS, or that holds a user
 * name or password. Plain HTTP to this machine is left to the server, which allows it where it is
 * set to (a local receiver) and says so on the field otherwise. Not an address at all: the schema
 * says so, not this.
 */
export function refusedAddress(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  const loopback = url.protocol === 'http:' && loopbackHosts.has(url.hostname);
  return (url.protocol !== 'https:' && !loopback) || url.username !== '' || url.password !== '';
}
