/** What every subsystem factory is given besides its own dependencies: the config, the clock and ids. */

import type { Clock, IdGenerator } from '../clock.js';
import type { NodeConfig } from '../config.js';

export interface NodeContext {
  config: NodeConfig;
  clock: Clock;
  newId: IdGenerator;
  now: () => Date;
  timeZone: string;
  /** The package's version, as /health and HQ's status report give it. */
  version: string;
}
