/** A TDiep worker on a bench node's own services, sending to `hoadon tax-sim` over the given transport. */
import type { Services } from '../src/services.js';
import { createTaxMessagesRepository } from '../src/transmission/tax-messages.repository.js';
import type { TdiepTransport } from '../src/transmission/tdiep-transport.js';
import { createTdiepWorker, type TdiepWorkerDeps } from '../src/transmission/tdiep-worker.js';

/** What differs between benches: how jobs are written, who sends, who hears the outcomes, and the pace. */
type BenchChoices = Pick<TdiepWorkerDeps, 'write' | 'party' | 'outcomes' | 'clock'> &
  Partial<Pick<TdiepWorkerDeps, 'packageSize' | 'pollMs' | 'retryBaseMs' | 'foreground'>>;

export function benchTdiepWorker(services: Services, transport: TdiepTransport, choices: BenchChoices) {
  return createTdiepWorker({
    queue: services.transmissionQueue,
    messages: createTaxMessagesRepository(services.storage.sqlite),
    transport: () => transport,
    render: services.invoiceXml.renderSignedInvoiceXml,
    refOf: services.invoices.find,
    packages: { sign: services.xmlThread.signPackage },
    ...choices,
  });
}
