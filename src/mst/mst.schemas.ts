import { z } from 'zod';

/**
 * The look-up takes the digits only (interface spec rule 2, docs/decisions.md §6): the printed branch form
 * `0100109106-001` is refused with the form to send instead. Invoice creation still accepts the hyphen.
 * The four rules of `domain/mst.ts` run in the service, which names the failed one.
 */
export const mstLookupQuery = z.object({
  mst: z
    .string()
    .max(20)
    .superRefine((value, ctx) => {
      const digits = value.replace(/\D/g, '');
      if (digits !== value.trim() && (digits.length === 10 || digits.length === 13))
        ctx.addIssue({
          code: 'custom',
          message: `Mã số thuế chỉ được chứa chữ số: tra cứu "${digits}" (không có dấu gạch ngang hay khoảng trắng).`,
        });
    })
    .optional(),
});

export const mstLookupResult = z.object({ mst: z.string(), name: z.string(), address: z.string(), status: z.string() });
