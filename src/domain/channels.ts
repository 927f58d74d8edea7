/** Where a sale was made: the channel an invoice records and the figures are split by. */
export const CHANNELS = ['admin', 'pos', 'web', 'auto'] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * The channel of an invoice sent without one: the role's own (docs/api.md). A cashier sells at the till; an
 * admin or an accountant issues from the console.
 */
export const defaultChannel = (role: string): Channel => (role === 'cashier' ? 'pos' : 'admin');
