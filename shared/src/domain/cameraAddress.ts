// Which camera addresses the server may call. A supervisor types a camera's address;
// the server then fetches it, so the address must never point the server at itself, at
// link-local services or at a cloud provider's metadata service. Private ranges (10/8,
// 172.16/12, 192.168/16) stay allowed: cameras live on building networks. Only http(s).

const namedLocalHosts = ['localhost', 'metadata', 'metadata.google.internal', 'instance-data'];

function ipv4Parts(address: string): number[] | undefined {
  const parts = address.split('.');
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part))) return undefined;
  const numbers = parts.map(Number);
  return numbers.every((n) => n <= 255) ? numbers : undefined;
}

/** Whether an IP address (v4 or v6 text) is loopback, link-local, unspecified, multicast or a metadata address. */
export function isLocalIpAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  const v4 = ipv4Parts(bare);
  if (v4) {
    const [a, b] = v4 as [number, number, number, number];
    return a === 127 || a === 0 || (a === 169 && b === 254) || a >= 224 || bare === '100.100.100.200';
  }
  const groups = ipv6Groups(bare);
  if (!groups) return false;
  const [first = 0] = groups;
  const isZero = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  if (isZero(0, 5) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return isLocalIpAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  return (
    isZero(0, 8) ||
    (isZero(0, 7) && groups[7] === 1) ||
    (first & 0xffc0) === 0xfe80 ||
    first >> 8 === 0xff ||
    groups.join(':') === [0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254].join(':')
  );
}

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail included), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  if (!address.includes(':')) return undefined;
  let text = address;
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4Tail?.[1]) {
    const v4 = ipv4Parts(v4Tail[1]);
    if (!v4) return undefined;
    const [a = 0, b = 0, c = 0, d = 0] = v4;
    text = `${text.slice(0, -v4Tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parse = (half: string | undefined) => (half ? half.split(':') : []);
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (all.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return undefined;
  return all.map((group) => parseInt(group, 16));
}

/** The URL a camera address stands for (`host:port` means http). */
export function cameraUrl(typed: string): URL | undefined {
  const text = typed.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  try {
    return new URL(withScheme);
  } catch {
    return undefined;
  }
}

/** Why a typed camera address is refused, or undefined when the server may call it. */
export function cameraAddressRefusal(typed: string, allowLocal: boolean): 'scheme' | 'local' | undefined {
  const url = cameraUrl(typed);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    return 'scheme';
  }
  if (allowLocal) return undefined;
  return isLocalHost(url.hostname) ? 'local' : undefined;
}

/**
 * Whether a URL's host is this machine, a link-local service or a cloud provider's metadata
 * service (by name or address): what the server must never be pointed at by a typed address.
 */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return namedLocalHosts.includes(host) || host.endsWith('.localhost') || isLocalIpAddress(host);
}
