/** Where a sale was made: the channel an invoice records and the figures are split by. */
export const CHANNELS = ['admin', 'pos', 'web', 'auto'] as const;
export type Channel = (typeof CHANNELS)[number];
