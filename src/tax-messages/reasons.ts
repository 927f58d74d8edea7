/**
 * Reasons as the replies carry them: `LDo{MLoi, MTa}` (999, 102, 103, 301) or, in a 204,
 * `LDo{MLoi, MTLoi, HDXLy, GChu}` with how to fix it. MLoi ≤4 characters; the official list of codes is
 * unconfirmed, so the codes the simulator gives are its own (docs/transmission.md).
 */
import { el, type XmlElement } from '../xml/xml-writer.js';
import { children, optionalText, requiredText } from './xml-read.js';

export interface Reason {
  code: string;
  text: string;
  /** HDXLy: how to fix it (204 only). */
  fix?: string;
  note?: string;
}

/** `<list><LDo>…</LDo>…</list>`, or nothing when there is no reason. */
export function reasonList(listName: string, reasons: readonly Reason[], checkResult = false): XmlElement | undefined {
  if (reasons.length === 0) return undefined;
  return el(
    listName,
    reasons.map((reason) =>
      checkResult
        ? el('LDo', [
            el('MLoi', reason.code),
            el('MTLoi', reason.text),
            el('HDXLy', reason.fix),
            el('GChu', reason.note),
          ])
        : el('LDo', [el('MLoi', reason.code), el('MTa', reason.text)]),
    ),
  );
}

export function readReasons(list: Element | undefined): Reason[] {
  return children(list, 'LDo').map((reason) => {
    const fix = optionalText(reason, 'HDXLy');
    const note = optionalText(reason, 'GChu');
    return {
      code: requiredText(reason, 'MLoi'),
      text: optionalText(reason, 'MTa') ?? optionalText(reason, 'MTLoi') ?? '',
      ...(fix === undefined ? {} : { fix }),
      ...(note === undefined ? {} : { note }),
    };
  });
}

/**
 * One line of reasons for a person: "text (MLoi)", and how to fix it. The code stays beside the text: it
 * is what the tax office and the T-VAN's support ask for (e.g. "… đã được cơ quan thuế chấp nhận (9992)").
 */
export const reasonText = (reasons: readonly Reason[]): string =>
  reasons.map((r) => `${r.text || 'Không có mô tả'} (${r.code})${r.fix ? `: ${r.fix}` : ''}`).join('; ');
