/**
 * The one table of limits for what the API accepts into a field the node writes into an XML message: each
 * entry names the XSD element it lands in (file, the named type or element it sits within, its name) and the
 * length or pattern the API allows, never looser than that element's (test/domain/xml-field-limits.test.ts
 * walks the XSDs to prove it). A field the API let through longer than its element made the whole package of
 * invoices fail the schema before sending (docs/security.md, F1). MSTs are not here: every MST written is
 * one that domain/mst.ts's checkMstShape accepted, 10 or 13 digits.
 */
export interface XmlFieldLimit {
  /** The XSD file of src/tax-messages/xsd the element is declared in. */
  xsd: string;
  /** The named complexType or element the element sits within. */
  within: string;
  element: string;
  /** The most characters the API accepts. */
  max?: number;
  /** The XSD pattern the API holds the whole value to. */
  pattern?: string;
}

export const XML_FIELD_LIMITS = {
  /** NMua/Ten: a buyer with an MST (a business). */
  buyerName: { xsd: 'hdon.xsd', within: 'NMua', element: 'Ten', max: 400 },
  /** A buyer without an MST is a consumer: the name is also written as HVTNMHang. */
  consumerName: { xsd: 'hdon.xsd', within: 'NMua', element: 'HVTNMHang', max: 100 },
  buyerAddress: { xsd: 'hdon.xsd', within: 'NMua', element: 'DChi', max: 400 },
  buyerPhone: { xsd: 'hdon.xsd', within: 'NMua', element: 'SDThoai', max: 20 },
  buyerEmail: { xsd: 'hdon.xsd', within: 'NMua', element: 'DCTDTu', max: 50 },
  buyerCccd: { xsd: 'hdon.xsd', within: 'NMua', element: 'CCCDan', pattern: '[0-9]{12}' },
  buyerPassport: { xsd: 'hdon.xsd', within: 'NMua', element: 'SHChieu', max: 20 },
  buyerBudgetUnitCode: { xsd: 'hdon.xsd', within: 'NMua', element: 'MDVQHNSach', pattern: '[0-9]{7}' },
  itemName: { xsd: 'hdon.xsd', within: 'HHDVu', element: 'THHDVu', max: 500 },
  itemSku: { xsd: 'hdon.xsd', within: 'HHDVu', element: 'MHHDVu', max: 50 },
  itemUnit: { xsd: 'hdon.xsd', within: 'HHDVu', element: 'DVTinh', max: 50 },
  /** The reason of a replacement or an adjustment (TTHDLQuan/GChu). */
  correctionReason: { xsd: 'hdon.xsd', within: 'TTHDLQuan', element: 'GChu', max: 255 },
  sellerName: { xsd: 'hdon.xsd', within: 'NBan', element: 'Ten', max: 400 },
  sellerAddress: { xsd: 'hdon.xsd', within: 'NBan', element: 'DChi', max: 400 },
  /** The store's id and name are the seller's MCHang and TCHang. */
  storeId: { xsd: 'hdon.xsd', within: 'NBan', element: 'MCHang', max: 50 },
  storeName: { xsd: 'hdon.xsd', within: 'NBan', element: 'TCHang', max: 200 },
  registrationTaxOfficeName: { xsd: 'tdiep-100.xsd', within: 'TTChungTKhai', element: 'CQTQLy', max: 100 },
  registrationPlace: { xsd: 'tdiep-100.xsd', within: 'TTChungTKhai', element: 'DDanh', max: 50 },
  registrationContactName: { xsd: 'tdiep-100.xsd', within: 'TTChungTKhai', element: 'NLHe', max: 50 },
  registrationContactAddress: { xsd: 'tdiep-100.xsd', within: 'TTChungTKhai', element: 'DCLHe', max: 400 },
  registrationContactEmail: { xsd: 'tdiep-100.xsd', within: 'TTChungTKhai', element: 'DCTDTu', max: 50 },
  registrationContactPhone: { xsd: 'tdiep-100.xsd', within: 'TTChungTKhai', element: 'DTLHe', max: 20 },
  noticeReason: { xsd: 'tdiep-300.xsd', within: 'HDon', element: 'LDo', max: 255 },
  noticeTaxOfficeName: { xsd: 'tdiep-300.xsd', within: 'DLTBao', element: 'TCQT', max: 100 },
  noticePlace: { xsd: 'tdiep-300.xsd', within: 'DLTBao', element: 'DDanh', max: 50 },
} as const satisfies Record<string, XmlFieldLimit>;

/** The whole-value regular expression of a field of the table that has a pattern. */
export const xmlPattern = (field: 'buyerCccd' | 'buyerBudgetUnitCode'): RegExp =>
  new RegExp(`^(?:${XML_FIELD_LIMITS[field].pattern})$`);
