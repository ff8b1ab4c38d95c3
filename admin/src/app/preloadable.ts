import { type ComponentType, createElement, lazy, useState } from 'react';

/** A component fetched on demand, whose file can be fetched ahead (`preload`). */
export interface Preloadable<P extends object> {
  Component: ComponentType<P>;
  preload: () => Promise<void>;
}

/**
 * Like `React.lazy`, but a component whose file is already there when it mounts is drawn at once,
 * without suspending: a lazy component suspends on its first render even when its file has
 * arrived, its boundary commits the fallback, and React then holds the content back until 300 ms
 * after that fallback appeared (its fallback throttle). Each mounted instance keeps the way it
 * started, so a screen never remounts (and loses its state) when its file arrives.
 */
export function preloadable<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        loaded = pick(module);
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType<P> };
  });
  function Component(props: P) {
    const [direct] = useState(() => loaded);
    return direct ? createElement(direct, props) : createElement(Lazy, props);
  }
  return { Component, preload };
}
