/**
 * Where the signatures of messages go, all in the profile of src/xml/xml-signature.ts:
 * - a notice or tờ khai (TKhai, TBao) is signed over its data part (DLTKhai, DLTBao) by Id, under
 *   DSCKS/NNT (the taxpayer) or DSCKS/CQT (the authority);
 * - a package (206) is signed in TDiep/CKSNNT over the whole envelope (URI="", enveloped): TTChung with
 *   its MTDiep and every invoice in DLieu. Which element CKSNNT covers is unconfirmed; this is chosen.
 *   That signature is signPackage of src/xml/xml-signature.ts, which the XML thread runs; its check is here.
 */
import type { SigningMaterial } from '../signing/keys.js';
import { elementsById, signatureProblem } from '../xml/xml-verify.js';
import { signXml } from '../xml/xml-signature.js';
import { child, childElements } from './xml-read.js';

export type Signer = 'NNT' | 'CQT';

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

/** Why the signature of `document` (TKhai, TBao) by `signer` does not hold, or undefined. */
export function documentSignatureProblem(document: Element, signer: Signer): string | undefined {
  const signature = signatureIn(child(child(document, 'DSCKS'), signer));
  if (!signature) return `${document.localName}/DSCKS/${signer}: thiếu chữ ký`;
  const data = childElements(document)[0];
  const dataId = data?.getAttribute('Id');
  const uris = childElements(child(signature, 'SignedInfo') as Element)
    .filter((e) => e.localName === 'Reference')
    .map((r) => r.getAttribute('URI'));
  if (!dataId || !uris.includes(`#${dataId}`)) return `${document.localName}: chữ ký không ký phần ${data?.localName}`;
  return signatureProblem(signature, elementsById(document));
}

/** Why the package signature CKSNNT does not hold, or undefined. */
export function packageSignatureProblem(root: Element): string | undefined {
  const signature = signatureIn(child(root, 'CKSNNT'));
  if (!signature) return 'TDiep/CKSNNT: thiếu chữ ký gói';
  const uris = childElements(child(signature, 'SignedInfo') as Element)
    .filter((e) => e.localName === 'Reference')
    .map((r) => r.getAttribute('URI'));
  if (!uris.includes('')) return 'TDiep/CKSNNT: chữ ký không ký cả gói';
  return signatureProblem(signature, elementsById(root));
}
