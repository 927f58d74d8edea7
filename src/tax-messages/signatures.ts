/**
 * Where the signatures of messages go, all in the profile of src/xml/xml-signature.ts:
 * - a notice or tờ khai (TKhai, TBao) is signed over its data part (DLTKhai, DLTBao) by Id, under
 *   DSCKS/NNT (the taxpayer) or DSCKS/CQT (the authority);
 * - a package (206) is signed in TDiep/CKSNNT over `DLieu` by its Id (`_<MTDiep>`), with the enveloped
 *   transform, as real senders sign it (docs/tax-format.md §10: [VB], [WT]; none signs the whole document).
 *   That signature is signPackage of src/xml/xml-signature.ts, which the XML thread runs; its check is here.
 */
import type { SigningMaterial } from '../signing/keys.js';
import { ALGORITHMS, signXml } from '../xml/xml-signature.js';
import { elementsById, signatureProblem } from '../xml/xml-verify.js';
import { child, childElements } from './xml-read.js';

/** The taxpayer (NNT), the authority (CQT), or the authority as it signs a 103 (TTCQT). */
export type Signer = 'NNT' | 'CQT' | 'TTCQT';

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const at = (name: string) => `*[local-name(.)='${name}']`;

export interface SigningContext {
  signingTime: string;
  identity: SigningMaterial;
}

/** Signs a standalone document `<Root><DLxxx Id=…>…</DLxxx>…<DSCKS><NNT/></DSCKS></Root>`. */
export function signDocument(
  xml: string,
  options: SigningContext & { dataName: string; dataId: string; signer: Signer; alsoSigned?: string[] },
): string {
  return signXml(xml, {
    signed: [`/*/${at(options.dataName)}[@Id='${options.dataId}']`, ...(options.alsoSigned ?? [])],
    locationPath: `/*/${at('DSCKS')}/${at(options.signer)}`,
    signatureId: `${options.signer}-${options.dataId}`,
    signingTime: options.signingTime,
    identity: options.identity,
  });
}

const signatureIn = (parent: Element | undefined): Element | undefined =>
  parent ? childElements(parent).find((e) => e.localName === 'Signature' && e.namespaceURI === DSIG) : undefined;

const referencesOf = (signature: Element) =>
  childElements(child(signature, 'SignedInfo') as Element).filter((e) => e.localName === 'Reference');

/** Why the signature of `document` (TKhai, TBao) by `signer` does not hold, or undefined. */
export function documentSignatureProblem(document: Element, signer: Signer): string | undefined {
  const signature = signatureIn(child(child(document, 'DSCKS'), signer));
  if (!signature) return `${document.localName}/DSCKS/${signer}: thiếu chữ ký`;
  const data = childElements(document)[0];
  const dataId = data?.getAttribute('Id');
  const uris = referencesOf(signature).map((r) => r.getAttribute('URI'));
  if (!dataId || !uris.includes(`#${dataId}`)) return `${document.localName}: chữ ký không ký phần ${data?.localName}`;
  return signatureProblem(signature, elementsById(document));
}

/**
 * Why the package signature CKSNNT does not hold, or undefined. It must be the real senders' form: a
 * reference to DLieu's Id (`#<Id>`, "_" + MTDiep or a UUID) with the enveloped-signature transform, and a
 * second one to its SigningTime; a signature of the whole document (`URI=""`) or of anything else is refused.
 */
export function packageSignatureProblem(root: Element): string | undefined {
  const signature = signatureIn(child(root, 'CKSNNT'));
  if (!signature) return 'TDiep/CKSNNT: thiếu chữ ký gói';
  const dataId = child(root, 'DLieu')?.getAttribute('Id');
  if (!dataId) return 'TDiep/DLieu: thiếu thuộc tính Id mà chữ ký gói tham chiếu';
  const references = referencesOf(signature);
  const data = references.find((r) => r.getAttribute('URI') === `#${dataId}`);
  if (!data) {
    const uris = references.map((r) => `"${r.getAttribute('URI') ?? ''}"`).join(', ');
    return `TDiep/CKSNNT: chữ ký phải tham chiếu DLieu (URI="#${dataId}"), không phải ${uris}`;
  }
  const transforms = childElements(child(data, 'Transforms') as Element).map((t) => t.getAttribute('Algorithm'));
  if (!transforms.includes(ALGORITHMS.enveloped))
    return 'TDiep/CKSNNT: tham chiếu DLieu thiếu phép biến đổi enveloped-signature';
  if (references.length < 2) return 'TDiep/CKSNNT: thiếu tham chiếu thời điểm ký (SigningTime)';
  return signatureProblem(signature, elementsById(root));
}
