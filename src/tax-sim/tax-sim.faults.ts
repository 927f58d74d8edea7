/**
 * The faults the simulator injects on its tax-authority routes (messages and MST look-up), set by flags at
 * start and changed at run time with POST /admin/faults. Windows use the injected clock; rates use the
 * injected random source, so tests can drive both.
 */
import { z } from 'zod';
import type { Clock } from '../clock.js';

export const OUTAGE_MODES = ['refuse', 'unavailable'] as const;

export const faultSettings = z.object({
  latencyMs: z.number().int().min(0).max(600_000).describe('delay before a request is handled'),
  timeout: z.boolean().describe('never answer (the request is not handled)'),
  errorRate: z.number().min(0).max(1).describe('share of requests answered 500 without being handled'),
  resetRate: z.number().min(0).max(1).describe('share of requests whose connection is destroyed without being handled'),
  rejectAll: z.boolean().describe('reject every new valid message with rejectReason'),
  rejectNext: z
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .describe('reject that many next new valid messages with rejectReason'),
  rejectReason: z.string().trim().min(1).max(500),
  commitThenDrop: z
    .boolean()
    .describe('record a new message and its answer, then destroy the connection without replying'),
  outage: z
    .object({
      seconds: z.number().positive().max(86_400),
      mode: z
        .enum(OUTAGE_MODES)
        .default('refuse')
        .describe('refuse: destroy every connection; unavailable: answer 503'),
    })
    .nullable()
    .describe('from now, for that many seconds; null ends it'),
});
export type FaultSettings = z.infer<typeof faultSettings>;

export const faultsPatch = faultSettings.partial().strict();
export type FaultsPatch = z.infer<typeof faultsPatch>;

export const faultsView = faultSettings.omit({ outage: true }).extend({
  outage: z.object({ until: z.string(), mode: z.enum(OUTAGE_MODES), remainingSeconds: z.number() }).nullable(),
});
export type FaultsView = z.infer<typeof faultsView>;

const NONE: Omit<FaultSettings, 'outage'> = {
  latencyMs: 0,
  timeout: false,
  errorRate: 0,
  resetRate: 0,
  rejectAll: false,
  rejectNext: 0,
  rejectReason: 'Từ chối theo cấu hình của trình giả lập',
  commitThenDrop: false,
};

/** What happens to a request before it is handled. */
export type RequestFault = 'refuse' | 'unavailable' | 'reset' | 'error';

export function createFaults(deps: { clock: Clock; random?: () => number; initial?: FaultsPatch }) {
  const { clock } = deps;
  const random = deps.random ?? Math.random;
  let settings = { ...NONE };
  let outage: { until: number; mode: (typeof OUTAGE_MODES)[number] } | null = null;

  const activeOutage = () => (outage && outage.until > clock.now().getTime() ? outage : null);

  function apply(patch: FaultsPatch): FaultsView {
    const { outage: window, ...rest } = patch;
    settings = { ...settings, ...rest };
    if (window !== undefined)
      outage = window && { until: clock.now().getTime() + window.seconds * 1000, mode: window.mode };
    return view();
  }

  function view(): FaultsView {
    const current = activeOutage();
    return {
      ...settings,
      outage: current && {
        until: new Date(current.until).toISOString(),
        mode: current.mode,
        remainingSeconds: (current.until - clock.now().getTime()) / 1000,
      },
    };
  }

  if (deps.initial) apply(deps.initial);

  return {
    apply,
    view,
    clear(): FaultsView {
      settings = { ...NONE };
      outage = null;
      return view();
    },
    /** Decided as a request arrives, in this order: outage, reset, 5xx. */
    onArrival(): RequestFault | undefined {
      const current = activeOutage();
      if (current) return current.mode;
      if (settings.resetRate > 0 && random() < settings.resetRate) return 'reset';
      if (settings.errorRate > 0 && random() < settings.errorRate) return 'error';
      return undefined;
    },
    latencyMs: () => settings.latencyMs,
    timeout: () => settings.timeout,
    commitThenDrop: () => settings.commitThenDrop,
    /** The forced rejection of a new valid message, if one applies (rejectNext counts down). */
    takeRejection(): string | undefined {
      if (settings.rejectAll) return settings.rejectReason;
      if (settings.rejectNext === 0) return undefined;
      settings = { ...settings, rejectNext: settings.rejectNext - 1 };
      return settings.rejectReason;
    },
  };
}

export type Faults = ReturnType<typeof createFaults>;
