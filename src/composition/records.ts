/**
 * The queues' records several subsystems read: an invoice's answer shows its transmission and its
 * deliveries, node mode reads the store's registration, the invoice XML reads the message an invoice left in.
 * Made before those subsystems so that none of them waits for the one that fills the queue.
 */

import { createDeliveryRepository } from '../delivery/delivery.repository.js';
import { createTaxMessagesRepository } from '../transmission/tax-messages.repository.js';
import { createTransmissionRepository } from '../transmission/transmission.repository.js';
import type { NodeContext } from './context.js';
import type { Storage } from './storage.js';

export function createRecords(_ctx: NodeContext, { storage }: { storage: Pick<Storage, 'sqlite'> }) {
  const { sqlite } = storage;
  return {
    transmissionQueue: createTransmissionRepository(sqlite),
    taxMessages: createTaxMessagesRepository(sqlite),
    deliveries: createDeliveryRepository(sqlite),
  };
}

export type Records = ReturnType<typeof createRecords>;
