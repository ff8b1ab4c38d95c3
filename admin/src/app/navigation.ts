// Lets code outside React (the session store) navigate with the router once it exists.

export type Navigator = (path: string, options?: { replace?: boolean }) => Promise<void>;

let navigator: Navigator = (path) => {
  window.location.assign(path);
  return Promise.resolve();
};

export function setNavigator(next: Navigator): void {
  navigator = next;
}

export function navigateTo(path: string, options?: { replace?: boolean }): Promise<void> {
  return navigator(path, options);
}
