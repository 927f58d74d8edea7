import { describe, expect, it } from 'vitest';
import { connectListeners, createEventChannels, type NodeListeners } from '../../src/composition/events.js';
import { lateBound } from '../../src/composition/late-bound.js';

describe('a late-bound port', () => {
  it('answers what the root set, once', () => {
    const link = lateBound<(code: string) => string>('the lookup link');
    expect(() => link()).toThrow('the lookup link read before the composition root set it');
    link.set((code) => `https://tra-cuu.example.vn/${code}`);
    expect(link()('ABC123')).toBe('https://tra-cuu.example.vn/ABC123');
    expect(() => link.set((code) => code)).toThrow('the lookup link set twice');
  });
});

describe('the events table', () => {
  const calls: string[] = [];
  const listeners = Object.fromEntries(
    [
      'rollups',
      'planUsage',
      'issueNotifications',
      'productsLearn',
      'mstLearn',
      'signNewInvoice',
      'transmissionEnqueue',
      'syncInvoice',
      'deliveryIssue',
      'autoIssuePaid',
      'syncAudit',
      'syncSettings',
    ].map((name) => [name, () => void calls.push(name)]),
  ) as unknown as NodeListeners;

  it('fills each event once, the plan after the rollups it reads and the delivery last', () => {
    const channels = createEventChannels();
    connectListeners(channels, listeners);
    for (const listener of channels.invoice) (listener as () => void)();
    expect(calls).toEqual([
      'rollups',
      'planUsage',
      'issueNotifications',
      'productsLearn',
      'mstLearn',
      'signNewInvoice',
      'transmissionEnqueue',
      'syncInvoice',
      'deliveryIssue',
    ]);
    expect(channels.orderPaid).toEqual([listeners.autoIssuePaid]);
    expect(channels.audit).toEqual([listeners.syncAudit]);
    expect(channels.settings).toEqual([listeners.syncSettings]);
    expect(() => connectListeners(channels, listeners)).toThrow('the invoice listeners are connected twice');
  });
});
