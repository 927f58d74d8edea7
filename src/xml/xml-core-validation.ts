/**
 * XML-DSig core validation (https://www.w3.org/TR/xmldsig-core1/#sec-CoreValidation) of one signature, over
 * the document it was parsed from. xml-crypto's checkSignature parses the document again and finds each
 * referenced element, its namespaces and the signature with xpath searches of the whole document, and
 * loadSignature reads SignedInfo with more of them: together most of the cost of checking an invoice.
 *
 * Here the caller, which has walked the document once, hands over the elements by ID. A signature written
 * exactly as signXml writes it is read from the DOM, and its parts are canonicalised in place with
 * xml-crypto's inclusive canonicalisation. Anything else (other transforms, algorithms, attributes,
 * namespaces, a signature inside what it signs) is read and canonicalised by xml-crypto, as before.
 */
import type { KeyObject } from 'node:crypto';
import { verify } from 'node:crypto';
import type { Reference } from 'xml-crypto';
import { C14nCanonicalization, findAncestorNs, SignedXml } from 'xml-crypto';
import { ALGORITHMS } from './xml-signature.js';
import { child, childElements } from './xml-structure.js';

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const TEXT_NODE = 3;

/** What a Reference asks for, in xml-crypto's terms. */
type Step = Pick<Reference, 'uri' | 'transforms' | 'digestAlgorithm' | 'digestValue' | 'inclusiveNamespacesPrefixList'>;

const HASHES = new SignedXml().HashAlgorithms;

/**
 * The namespaces `element` inherits, as checkSignature hands them to canonicalisation. The search "."
 * from the element itself selects that element without walking the document.
 */
const inheritedNamespaces = (element: Element) => findAncestorNs(element as unknown as Document, '.');

const isDsig = (element: Element | undefined, name: string): element is Element =>
  element?.localName === name && element.namespaceURI === DSIG;

/** `<name Algorithm="…"/>` with one of `algorithms`, nothing else in it. */
const isMethod = (element: Element | undefined, name: string, algorithms: readonly string[]): element is Element =>
  isDsig(element, name) &&
  element.attributes.length === 1 &&
  algorithms.includes(element.getAttribute('Algorithm') ?? '') &&
  element.childNodes.length === 0;

/** The transforms signXml writes: enveloped for the signed part, C14N for the signing-time object. */
const PLAIN_TRANSFORMS = [ALGORITHMS.enveloped, ALGORITHMS.c14n];

/**
 * The references of a signature shaped exactly as signXml writes it, or undefined. In that shape
 * every value xml-crypto's loadSignature would read (the first CanonicalizationMethod, SignatureMethod and
 * SignatureValue under the signature; each Reference's URI, transforms, digest method and value) is the one
 * read here, and no transform is given a namespace prefix list.
 */
function plainSteps(signature: Element): { steps: Step[]; signedInfo: Element; value: string } | undefined {
  const [signedInfo, signatureValue, ...rest] = childElements(signature);
  if (
    !isDsig(signedInfo, 'SignedInfo') ||
    signedInfo.attributes.length > 0 ||
    rest.some((e) => e.localName === 'SignedInfo')
  )
    return undefined;
  const text = signatureValue?.firstChild;
  if (
    !isDsig(signatureValue, 'SignatureValue') ||
    signatureValue.childNodes.length !== 1 ||
    text?.nodeType !== TEXT_NODE
  )
    return undefined;
  const [c14n, method, ...references] = childElements(signedInfo);
  if (
    !isMethod(c14n, 'CanonicalizationMethod', [ALGORITHMS.c14n]) ||
    !isMethod(method, 'SignatureMethod', [ALGORITHMS.signature])
  )
    return undefined;
  const steps: Step[] = [];
  for (const reference of references) {
    const uri = reference.getAttribute('URI') ?? '';
    const type = reference.getAttribute('Type');
    const attributes = type === ALGORITHMS.signatureProperties ? 2 : 1;
    if (!isDsig(reference, 'Reference') || reference.attributes.length !== attributes || !uri.startsWith('#'))
      return undefined;
    const [transforms, digestMethod, digestValue, ...more] = childElements(reference);
    if (more.length > 0 || !isDsig(transforms, 'Transforms') || transforms.attributes.length > 0) return undefined;
    if (!isMethod(digestMethod, 'DigestMethod', [ALGORITHMS.digest])) return undefined;
    if (
      !isDsig(digestValue, 'DigestValue') ||
      digestValue.attributes.length > 0 ||
      childElements(digestValue).length > 0
    )
      return undefined;
    const algorithms = childElements(transforms).map((t) =>
      isMethod(t, 'Transform', PLAIN_TRANSFORMS) ? t.getAttribute('Algorithm') : '?',
    );
    if (algorithms.length !== 1 || algorithms[0] === '?') return undefined;
    steps.push({
      uri,
      transforms: algorithms as Step['transforms'],
      digestAlgorithm: ALGORITHMS.digest,
      digestValue: digestValue.textContent,
      inclusiveNamespacesPrefixList: [],
    });
  }
  return steps.length > 0 ? { steps, signedInfo, value: (text as Text).data } : undefined;
}

/** The element a reference names, or why there is not exactly one. */
function target(uri: string, signature: Element, elementsById: Map<string, Element[]>): Element | string {
  if (uri === '') return signature.ownerDocument.documentElement;
  const id = uri.replace(/^#/, '');
  const elements = elementsById.get(id) ?? [];
  if (elements.length > 1) return `Chữ ký: Id "${id}" xuất hiện nhiều lần`;
  return elements[0] ?? `Chữ ký không hợp lệ: không tìm thấy phần được ký ${uri}`;
}

const contains = (element: Element, node: Node): boolean => {
  for (let n: Node | null = node; n; n = n.parentNode) if (n === element) return true;
  return false;
};

function checked(
  steps: Step[],
  canonical: (step: Step, element: Element) => string,
  signature: Element,
  elementsById: Map<string, Element[]>,
): string | undefined {
  for (const step of steps) {
    const element = target(step.uri, signature, elementsById);
    if (typeof element === 'string') return element;
    const Hash = HASHES[step.digestAlgorithm];
    if (!Hash) return `Chữ ký không hợp lệ: thuật toán băm ${step.digestAlgorithm} không được hỗ trợ`;
    const digest = Buffer.from(new Hash().getHash(canonical(step, element)), 'base64');
    if (!digest.equals(Buffer.from(String(step.digestValue), 'base64')))
      return `Chữ ký không hợp lệ: ${step.uri} đã bị sửa sau khi ký`;
  }
  return undefined;
}

const valueProblem = (canonicalSignedInfo: string, value: string, key: KeyObject) =>
  verify('sha256', Buffer.from(canonicalSignedInfo), key, Buffer.from(value, 'base64'))
    ? undefined
    : 'Chữ ký không hợp lệ: giá trị chữ ký không khớp với phần SignedInfo';

/**
 * Why `signature`, with its certificate's RSA `key`, does not hold, or undefined when it does.
 * `elementsById` holds every element that carries an ID attribute, by value: a reference must name exactly
 * one. Throws what xml-crypto throws for a signature it cannot read.
 */
export function coreValidationProblem(
  signature: Element,
  elementsById: Map<string, Element[]>,
  key: KeyObject,
): string | undefined {
  const plain = plainSteps(signature);
  // In place, canonicalisation needs no inherited namespace when there is none, and the
  // enveloped-signature transform removes nothing from an element that does not hold the signature.
  const inPlace = plain?.steps.every((step) => {
    const element = target(step.uri, signature, elementsById);
    return typeof element !== 'string' && !contains(element, signature) && inheritedNamespaces(element).length === 0;
  });
  if (plain && inPlace) {
    // The options xml-crypto's getCanonXml gives canonicalisation for these references.
    const options = {
      inclusiveNamespacesPrefixList: [],
      ancestorNamespaces: [],
      defaultNsForPrefix: SignedXml.defaultNsForPrefix,
      signatureNode: signature,
    };
    const inclusive = (element: Element) => new C14nCanonicalization().process(element, options);
    return (
      checked(plain.steps, (_, element) => inclusive(element), signature, elementsById) ??
      valueProblem(inclusive(plain.signedInfo), plain.value, key)
    );
  }

  const signed = new SignedXml({ publicCert: key, getCertFromKeyInfo: () => null });
  // Refuses a signature without exactly one SignedInfo or without references, and reads the algorithms and
  // the references as checkSignature does.
  signed.loadSignature(signature as unknown as Node);
  if (signed.signatureAlgorithm !== ALGORITHMS.signature)
    return `Chữ ký: thuật toán ${signed.signatureAlgorithm ?? '(không có)'} thay vì RSA-SHA256`;
  // The loaded signature is in this document, so an enveloped-signature transform removes exactly it.
  const canonical = (step: Step, element: Element) =>
    signed.getCanonXml(step.transforms, element as unknown as Node, {
      inclusiveNamespacesPrefixList: step.inclusiveNamespacesPrefixList,
      ancestorNamespaces: inheritedNamespaces(element),
    });
  const problem = checked(signed.getReferences(), canonical, signature, elementsById);
  if (problem) return problem;
  const signedInfo = child(signature, 'SignedInfo');
  const method = signed.canonicalizationAlgorithm;
  if (!signedInfo || !method) return 'Chữ ký không hợp lệ: thiếu SignedInfo';
  const canonicalSignedInfo = signed.getCanonXml([method], signedInfo as unknown as Node, {
    ancestorNamespaces: inheritedNamespaces(signedInfo),
  });
  return valueProblem(canonicalSignedInfo, child(signature, 'SignatureValue')?.textContent ?? '', key);
}
