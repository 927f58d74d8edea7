/**
 * Checking an invoice XML as the tax authority would: well-formed, the structure of structureProblems,
 * and the seller's signature under DSCKS/NBan valid for the embedded certificate and covering DLHDon.
 * The embedded certificate proves integrity, not identity: whether the tax authority trusts that
 * certificate is the receiver's decision.
 */
import type { KeyObject } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { certificateKeyOf } from '../signing/keys.js';
import { coreValidationProblem } from './xml-core-validation.js';
import { ALGORITHMS } from './xml-signature.js';
import { child, childElements, structureProblems } from './xml-structure.js';

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';

function parse(xml: string): { root?: Element; problems: string[] } {
  const problems: string[] = [];
  try {
    const document = new DOMParser({
      onError: (level, message) => void (level !== 'warning' && problems.push(`XML không hợp lệ: ${message}`)),
    }).parseFromString(xml, 'text/xml');
    const root = document.documentElement as unknown as Element | null;
    return root && problems.length === 0 ? { root, problems } : { problems: problems.length ? problems : ['XML rỗng'] };
  } catch (error) {
    return { problems: [`XML không hợp lệ: ${(error as Error).message}`] };
  }
}

/** The attribute names xml-crypto takes an element's ID from (in any namespace). */
const ID_ATTRIBUTES = ['Id', 'ID', 'id'];

/**
 * The elements under each ID, once per ID attribute, in one walk. An ID found more than once, even under
 * two of the names, is refused: a forged copy could hide behind the signed one.
 */
export function elementsById(root: Element): Map<string, Element[]> {
  const found = new Map<string, Element[]>();
  const visit = (element: Element): void => {
    for (const attribute of Array.from(element.attributes)) {
      if (!ID_ATTRIBUTES.includes(attribute.localName)) continue;
      const elements = found.get(attribute.value);
      if (elements) elements.push(element);
      else found.set(attribute.value, [element]);
    }
    childElements(element).forEach(visit);
  };
  visit(root);
  return found;
}

function signatureProblems(root: Element, signatureOptional: boolean): string[] {
  const signatures = childElements(child(child(root, 'DSCKS'), 'NBan') ?? root).filter(
    (e) => e.localName === 'Signature' && e.namespaceURI === DSIG,
  );
  if (signatures.length === 0 && signatureOptional) return [];
  if (signatures.length !== 1) return ['HDon/DSCKS/NBan/Signature: phải có đúng một chữ ký người bán'];
  const signature = signatures[0] as Element;
  const signedInfo = child(signature, 'SignedInfo');
  const method = child(signedInfo, 'SignatureMethod')?.getAttribute('Algorithm');
  if (method !== ALGORITHMS.signature) return [`Chữ ký: thuật toán ${method ?? '(không có)'} thay vì RSA-SHA256`];
  const dataId = child(root, 'DLHDon')?.getAttribute('Id');
  const uris = signedInfo
    ? childElements(signedInfo)
        .filter((e) => e.localName === 'Reference')
        .map((r) => r.getAttribute('URI'))
    : [];
  if (!dataId || !uris.includes(`#${dataId}`)) return ['Chữ ký: không ký phần DLHDon'];
  const ids = elementsById(root);
  if (ids.get(dataId)?.length !== 1) return [`Chữ ký: Id "${dataId}" xuất hiện nhiều lần`];
  const problem = signatureProblem(signature, ids);
  return problem ? [problem] : [];
}

/**
 * Why one RSA-SHA256 signature does not hold for the certificate it embeds, or undefined when it does.
 * `ids`: every element of the document by its ID (elementsById).
 */
export function signatureProblem(signature: Element, ids: Map<string, Element[]>): string | undefined {
  const method = child(child(signature, 'SignedInfo'), 'SignatureMethod')?.getAttribute('Algorithm');
  if (method !== ALGORITHMS.signature) return `Chữ ký: thuật toán ${method ?? '(không có)'} thay vì RSA-SHA256`;
  const certificateText = child(
    child(child(signature, 'KeyInfo'), 'X509Data'),
    'X509Certificate',
  )?.textContent?.replace(/\s+/g, '');
  if (!certificateText) return 'Chữ ký: thiếu chứng thư số X509Certificate';
  let publicKey: KeyObject;
  try {
    publicKey = certificateKeyOf(certificateText);
  } catch {
    return 'Chữ ký: chứng thư số X509Certificate không đọc được';
  }
  // Node verifies whatever key it is given: an ECDSA signature would otherwise pass under the RSA label.
  if (publicKey.asymmetricKeyType !== 'rsa')
    return 'Chữ ký: chứng thư số không mang khóa RSA, trái với thuật toán RSA-SHA256';
  try {
    return coreValidationProblem(signature, ids, publicKey);
  } catch (error) {
    return `Chữ ký không hợp lệ: ${(error as Error).message}`;
  }
}

/** The problems found in an invoice XML; an empty list means it is well-formed, complete and signed. */
export function verifyInvoiceXml(xml: string): string[] {
  const { root, problems } = parse(xml);
  if (!root) return problems;
  return verifyInvoiceElement(root);
}

/** The same checks of an HDon already parsed, e.g. one of a package's (its Ids are looked up inside it). */
export const verifyInvoiceElement = (hdon: Element, options: { signatureOptional?: boolean } = {}): string[] => [
  ...structureProblems(hdon),
  ...signatureProblems(hdon, options.signatureOptional ?? false),
];
