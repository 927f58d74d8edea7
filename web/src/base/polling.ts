/**
 * A read repeated every few seconds. The last answer stays on screen while the next is fetched (no
 * flicker, no spinner); an error is kept beside it until a later answer succeeds.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export interface Polled<T> {
  data: T | undefined;
  error: unknown;
  refresh: () => void;
}

export function usePolling<T>(load: () => Promise<T>, intervalMs: number, deps: unknown[] = []): Polled<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<unknown>();
  const latest = useRef(load);
  latest.current = load;
  const tick = useCallback(() => {
    latest.current().then(
      (value) => {
        setData(value);
        setError(undefined);
      },
      (caught: unknown) => setError(caught),
    );
  }, []);
  useEffect(() => {
    tick();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') tick();
    }, intervalMs);
    return () => clearInterval(timer);
  }, deps);
  return { data, error, refresh: tick };
}
