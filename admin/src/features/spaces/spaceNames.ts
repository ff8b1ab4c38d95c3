/**
 * The name of a copy of a space: its number plus one, keeping its width ("Desk 12" → "Desk 13",
 * "Desk 09" → "Desk 10"), or " 2" added to a name without a number ("Lounge" → "Lounge 2"); the
 * next one free on the floor when that one is taken.
 */
export function nextName(name: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((value) => value.trim().toLowerCase()));
  const match = /^(.*?)(\d+)$/.exec(name.trim());
  const prefix = match ? match[1]! : `${name.trim()} `;
  const digits = match ? match[2]!.length : 1;
  let number = match ? Number(match[2]) + 1 : 2;
  for (;;) {
    const candidate = `${prefix}${String(number).padStart(digits, '0')}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
    number += 1;
  }
}
