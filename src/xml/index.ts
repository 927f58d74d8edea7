/** What other groups use of the XML module: signed rendering (transmission) and verification (tax simulator). */
export { createInvoiceXmlService, type InvoiceXmlService } from './invoice-xml.service.js';
export { verifyInvoiceXml } from './xml-verify.js';
