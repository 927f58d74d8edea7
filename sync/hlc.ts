/**
 * Hybrid logical clock (Kulkarni et al.): physical time when clocks agree, a counter when they do not, the
 * node id as the last tie-breaker. Encoded so that string order is clock order. Pure: wall time passed in.
 */
export interface Hlc {
  wallMs: number;
  counter: number;
  node: string;
}

/** The counter has five digits: past them a value moves to the next millisecond, still well-formed and ordered. */
const MAX_COUNTER = 99_999;
const carried = (hlc: Hlc): Hlc => (hlc.counter > MAX_COUNTER ? { ...hlc, wallMs: hlc.wallMs + 1, counter: 0 } : hlc);

export function formatHlc(hlc: Hlc): string {
  return `${String(hlc.wallMs).padStart(15, '0')}:${String(hlc.counter).padStart(5, '0')}:${hlc.node}`;
}

export function parseHlc(text: string): Hlc {
  const [wall, counter, ...node] = text.split(':');
  return { wallMs: Number(wall), counter: Number(counter), node: node.join(':') };
}

/** The clock value of a local event after `last` (the greatest value this node has seen). */
export function tickHlc(last: Hlc | undefined, nowMs: number, node: string): Hlc {
  if (!last || nowMs > last.wallMs) return { wallMs: nowMs, counter: 0, node };
  return carried({ wallMs: last.wallMs, counter: last.counter + 1, node });
}

/** The clock value after receiving `remote`: greater than both it and everything seen locally. */
export function receiveHlc(last: Hlc | undefined, remote: Hlc, nowMs: number, node: string): Hlc {
  const wallMs = Math.max(nowMs, remote.wallMs, last?.wallMs ?? 0);
  let counter = 0;
  if (wallMs === remote.wallMs && wallMs === last?.wallMs) counter = Math.max(remote.counter, last.counter) + 1;
  else if (wallMs === remote.wallMs) counter = remote.counter + 1;
  else if (wallMs === last?.wallMs) counter = last.counter + 1;
  return carried({ wallMs, counter, node });
}

export const compareHlc = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
