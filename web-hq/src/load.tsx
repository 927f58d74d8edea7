/** A screen's read: loading, the answer, or HQ's message with a way to try again. */
import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { T } from './strings';

export type Loaded<T> = { state: 'loading' } | { state: 'done'; value: T } | { state: 'failed'; message: string };

export function useLoad<T>(load: () => Promise<T>, keys: unknown[]): [Loaded<T>, () => void] {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    setLoaded({ state: 'loading' });
    load().then(
      (value) => live && setLoaded({ state: 'done', value }),
      (error: Error) => live && setLoaded({ state: 'failed', message: error.message }),
    );
    return () => {
      live = false;
    };
  }, [...keys, round]);
  return [loaded, useCallback(() => setRound((r) => r + 1), [])];
}

export function Shown<T>({
  loaded,
  retry,
  children,
}: {
  loaded: Loaded<T>;
  retry: () => void;
  children: (value: T) => ComponentChildren;
}) {
  if (loaded.state === 'loading') return <p aria-live="polite">{T.loading}</p>;
  if (loaded.state === 'failed')
    return (
      <div class="alert" role="alert">
        <p>{loaded.message}</p>
        <button type="button" onClick={retry}>
          {T.retry}
        </button>
      </div>
    );
  return <>{children(loaded.value)}</>;
}
