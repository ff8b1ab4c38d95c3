// What the pass dialog does with a pass besides calling the server: save its QR code as a PNG,
// print it alone, copy the link.

/** Saves the QR code (a PNG data URL) under `fileName`. */
export function downloadPass(qrcode: string, fileName: string): void {
  const anchor = document.createElement('a');
  anchor.href = qrcode;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** The Clipboard API exists only in secure contexts of recent browsers. */
export function clipboardAvailable(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function';
}

/**
 * Prints the pass alone: its name, QR code and identifier in a hidden frame of its own (no pop-up
 * to allow, nothing of the admin app on the page), printed once the image is drawn.
 */
export function printPass(pass: { qrcode: string; identifier: string }, name: string, alt: string): void {
  const frame = document.createElement('iframe');
  frame.title = name;
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  Object.assign(frame.style, { position: 'fixed', width: '0', height: '0', border: '0', left: '-1000px' });
  document.body.append(frame);
  const page = frame.contentDocument;
  const view = frame.contentWindow;
  if (!page || !view) {
    frame.remove();
    return;
  }
  page.title = name;
  const body = page.body;
  body.style.cssText = 'font-family: sans-serif; text-align: center; margin: 2cm;';
  const heading = page.createElement('h1');
  heading.textContent = name;
  const image = page.createElement('img');
  image.alt = alt;
  image.style.cssText = 'width: 8cm; height: 8cm;';
  const identifier = page.createElement('p');
  identifier.textContent = pass.identifier;
  identifier.style.cssText = 'font-family: monospace; font-size: 14pt;';
  body.append(heading, image, identifier);
  const print = () => {
    view.focus();
    view.print();
    setTimeout(() => frame.remove(), 1000);
  };
  image.addEventListener('load', print, { once: true });
  image.addEventListener('error', () => frame.remove(), { once: true });
  image.src = pass.qrcode;
}
