import { z } from 'zod';

export const auditEntry = z.object({
  seq: z.number().int().describe('1, 2, 3… per invoice'),
  at: z.string(),
  actor: z.string().describe('Username, or the node process (e.g. `system`)'),
  action: z.string().describe('created, replaced, adjusted, status:<status>, pdf-rendered, xml-rendered, …'),
  details: z.record(z.string(), z.unknown()),
  prevHash: z.string().describe('hash of the previous entry of the same invoice; 64 zeros for the first'),
  hash: z.string().describe('SHA-256 hex over prevHash followed by the canonical JSON of the entry'),
});
export type AuditEntry = z.infer<typeof auditEntry>;
