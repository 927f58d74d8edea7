/** The printers the node drives (docs/printing.md), and the bodies and answers of the printing routes. */
import { z } from 'zod';
import { storedText } from '../http/fields.js';

const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** "192.168.1.50:9100", "may-in.local:9100", "[fe80::1]:9100", or a host alone (port 9100). */
const tcpAddressOk = (address: string): boolean => {
  const bracketed = /^\[([0-9A-Fa-f:.]+)\](?::(\d{1,5}))?$/.exec(address);
  const [host, port] = bracketed ? [bracketed[1], bracketed[2]] : address.split(':');
  if (!host || (!bracketed && !HOST.test(host))) return false;
  if (!bracketed && address.split(':').length > 2) return false;
  return port === undefined || (/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65_535);
};

/** A queue name of CUPS or of a Windows printer share: letters, digits and `_ . -`, nothing a shell reads. */
const QUEUE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,126}$/;

export const printerSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'id gồm 1–40 chữ thường, số, gạch dưới, gạch ngang.'),
    name: storedText(100).min(1, 'Cần tên máy in.'),
    connection: z.enum(['tcp', 'system'], { error: 'connection là tcp (máy in mạng) hoặc system (hàng đợi in).' }),
    address: z.string().trim().min(1, 'Cần địa chỉ máy in.').max(200),
    paperWidthMm: z.union([z.literal(80), z.literal(58)], { error: 'paperWidthMm là 80 hoặc 58.' }),
    openDrawerOnCash: z.boolean(),
  })
  .superRefine((printer, ctx) => {
    const ok = printer.connection === 'tcp' ? tcpAddressOk(printer.address) : QUEUE.test(printer.address);
    if (!ok)
      ctx.addIssue({
        code: 'custom',
        path: ['address'],
        message:
          printer.connection === 'tcp'
            ? 'Địa chỉ máy in mạng có dạng máy:cổng, ví dụ 192.168.1.50:9100.'
            : 'Tên hàng đợi in gồm chữ, số, gạch dưới, dấu chấm, gạch ngang (ví dụ XP-80).',
      });
  });
export type Printer = z.infer<typeof printerSchema>;

export const printerList = z
  .array(printerSchema)
  .max(20, 'Tối đa 20 máy in.')
  .refine((list) => new Set(list.map((p) => p.id)).size === list.length, 'Mã máy in (id) bị lặp.');

/** The stored document: the list inside an object, as every settings row is. */
export const printersDocument = z.object({ printers: printerList });

export const printBody = z.strictObject({
  printerId: z.string().min(1, 'Cần chọn máy in.').max(40),
  copy: z.boolean().optional().describe('A reprint: marked "BẢN SAO", never opens the drawer'),
});

export const printerIdParams = z.object({ id: z.string().min(1).max(40) });

export const printResult = z.object({
  printerId: z.string(),
  bytes: z.number().int().describe('The size of the job sent'),
  drawerOpened: z.boolean(),
});
