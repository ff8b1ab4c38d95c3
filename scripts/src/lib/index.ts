// The workspace's tools that other packages borrow (@vestibule/scripts): a free port for a
// server of their own and how the system Chromium is launched.
export { chromiumArgs, chromiumPath } from './chromium.ts';
export { freePort } from './freePort.ts';
