/** A user's search text with LIKE's wildcards and escape character taken literally. */
function literal(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** LIKE pattern: the text anywhere. */
export function containsPattern(text: string): string {
  return `%${literal(text)}%`;
}

/** LIKE pattern: values starting with the text, lower-cased (compare with lower(column)). */
export function lowerPrefixPattern(text: string): string {
  return `${literal(text.toLowerCase())}%`;
}
