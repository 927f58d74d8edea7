/**
 * How any part of the node raises a notification for the shop's users. Callable inside a transaction
 * (it only inserts a row). A dedupe key makes a condition notify once however often it is seen.
 */
import type { Clock, IdGenerator } from '../clock.js';
import type { NotificationsRepository, NotificationType } from './notifications.repository.js';

export interface NotificationInput {
  type: NotificationType;
  title: string;
  message: string;
  dedupeKey?: string;
}

export type Notify = (input: NotificationInput) => boolean;

export function createNotify(deps: {
  notifications: NotificationsRepository;
  clock: Clock;
  newId: IdGenerator;
}): Notify {
  return (input) =>
    deps.notifications.insert({
      id: deps.newId(),
      type: input.type,
      title: input.title,
      message: input.message,
      createdAt: deps.clock.now().toISOString(),
      read: false,
      dedupeKey: input.dedupeKey ?? null,
    });
}
