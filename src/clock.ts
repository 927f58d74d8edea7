/** Time and identifiers are injected so that time-dependent rules are tested without waiting. */
import { randomUUID } from 'node:crypto';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export type IdGenerator = () => string;

export const randomId: IdGenerator = () => randomUUID();
