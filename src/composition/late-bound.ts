/**
 * A port the composition root fills once, after the subsystem that serves it is built: how two subsystems
 * that call each other are wired without a forward reference (src/README.md, "The composition root").
 */

export interface LateBound<T> {
  /** The value; throws if it is read before the root set it (a wiring mistake, never a user's). */
  (): T;
  set(value: T): void;
}

export function lateBound<T>(name: string): LateBound<T> {
  let value: { set: true; value: T } | undefined;
  const read = (() => {
    if (!value) throw new Error(`${name} read before the composition root set it`);
    return value.value;
  }) as LateBound<T>;
  read.set = (next: T) => {
    if (value) throw new Error(`${name} set twice`);
    value = { set: true, value: next };
  };
  return read;
}
