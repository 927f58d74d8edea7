import { z } from 'zod';
import { DENOMINATIONS } from '../domain/shift-cash.js';
import { storedText } from '../http/fields.js';

const money = z.number().int().describe('Integer đồng');
const cash = z.number().int('Số tiền là số nguyên đồng.').min(0, 'Số tiền không được âm.').max(1e12);

const denominations = z
  .array(
    z.strictObject({
      value: z.number().refine((value) => (DENOMINATIONS as readonly number[]).includes(value), {
        message: `Mệnh giá phải là một trong: ${DENOMINATIONS.join(', ')}.`,
      }),
      count: z.number().int('Số tờ là số nguyên.').min(0, 'Số tờ không được âm.').max(1_000_000),
    }),
  )
  .max(DENOMINATIONS.length)
  .refine((counts) => new Set(counts.map(({ value }) => value)).size === counts.length, 'Mỗi mệnh giá chỉ một dòng.');

export const openShiftBody = z.strictObject({
  openingFloat: cash.describe('The cash in the drawer when the shift opens (tiền đầu ca)'),
});

export const closeShiftBody = z
  .strictObject({
    countedCash: cash.optional().describe('The counted cash as one total'),
    denominations: denominations.optional().describe('Or the count by banknote: its total is the counted cash'),
    note: storedText(500).optional().describe('Required when the counted cash differs from the expected cash'),
  })
  .refine((body) => (body.countedCash === undefined) !== (body.denominations === undefined), {
    message: 'Nhập tiền đếm được: hoặc tổng (countedCash), hoặc theo mệnh giá (denominations), không cả hai.',
    path: ['countedCash'],
  });

export const shiftSchema = z.object({
  id: z.string(),
  username: z.string(),
  businessDate: z.string().describe('The store-local date the shift was opened, the day it is listed under'),
  status: z.enum(['open', 'closed']),
  openedAt: z.string(),
  openingFloat: money,
  cashSales: money.describe('Cash (TM) invoices the user made during the shift'),
  cashRefunds: money.describe('Cash handed back: decreases, replacements by a smaller cash invoice'),
  expectedCash: money.describe('openingFloat + cashSales − cashRefunds'),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  countedCash: money.nullable(),
  denominations: z.array(z.object({ value: z.number().int(), count: z.number().int() })).nullable(),
  difference: money.nullable().describe('countedCash − expectedCash: negative when cash is missing'),
  note: z.string().nullable(),
});

export const shiftDaySchema = z.object({
  date: z.string(),
  items: z.array(shiftSchema),
  total: z
    .object({
      shifts: z.number().int(),
      openShifts: z.number().int(),
      openingFloat: money,
      cashSales: money,
      cashRefunds: money,
      expectedCash: money,
      countedCash: money.describe('Of the closed shifts'),
      difference: money.describe('Of the closed shifts'),
    })
    .describe("The day's end: the shifts listed, summed"),
});
