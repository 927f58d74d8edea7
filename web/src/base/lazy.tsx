/**
 * A screen loaded when first shown: each area is its own chunk, so the sign-in page (the first screen)
 * loads only the shell, and the charts library only where a chart is drawn.
 */
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

export function lazy<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  return function Lazy(props: P) {
    const [Component, setComponent] = useState(() => loaded);
    useEffect(() => {
      if (!Component) void load().then((c) => setComponent(() => (loaded = c)));
    }, [Component]);
    return Component ? (
      <Component {...props} />
    ) : (
      <p class="muted" aria-busy="true">
        Đang tải…
      </p>
    );
  };
}
