// The workspace's tools that other packages borrow (@vestibule/scripts): a free port for a
// server of their own, how the system Chromium is launched, and the build's precompression of
// static files.
export { chromiumArgs, chromiumPath } from './chromium.ts';
export { freePort } from './freePort.ts';
export { precompress, precompressDir } from './precompress.ts';
