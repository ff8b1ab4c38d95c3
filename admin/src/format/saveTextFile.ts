/**
 * Hands a file to the browser as a download: a link to an object URL is clicked, then the URL is
 * let go once the browser has taken the file.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Hands text to the browser as a downloaded file (a CSV answer, say). A CSV file starts with the
 * byte order mark, so spreadsheets read its accents as UTF-8.
 */
export function saveTextFile(text: string, fileName: string, type: string): void {
  const bom = type === 'text/csv' && !text.startsWith('\uFEFF') ? '\uFEFF' : '';
  saveFile(new Blob([bom, text], { type: `${type};charset=utf-8` }), fileName);
}
