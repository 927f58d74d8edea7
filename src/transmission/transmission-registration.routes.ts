/**
 * The store's registration with the tax authority: POST sends the tờ khai 01/ĐKTĐ-HĐĐT (100) for
 * cash-register invoices; GET shows where it stands (sent, accepted with the 5-character cash-register
 * part the 103 gave, or refused with the reason). The node stays in demo mode until it is accepted
 * and the 5 characters are known (src/settings/node-mode.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { XML_FIELD_LIMITS } from '../domain/xml-field-limits.js';
import { ok, success } from '../http/envelope.js';
import { storedText } from '../http/fields.js';
import { errorResponses } from '../http/openapi-errors.js';
import { CASH_REGISTER_PREFIX } from '../tax-messages/registration-result.js';
import type { TransmissionService } from './transmission.service.js';

const text = (max: number) => storedText(max).min(1);
const L = XML_FIELD_LIMITS;

export const registrationBody = z.strictObject({
  taxOfficeCode: z
    .string()
    .regex(/^[0-9A-Z]{1,5}$/, 'Mã cơ quan thuế quản lý gồm tối đa 5 chữ số hoặc chữ in hoa.')
    .describe('MCQTQLy'),
  taxOfficeName: text(L.registrationTaxOfficeName.max).describe('CQTQLy'),
  place: text(L.registrationPlace.max).describe('DDanh: where the tờ khai is made'),
  contactName: text(L.registrationContactName.max),
  contactAddress: text(L.registrationContactAddress.max),
  contactEmail: z.email().max(L.registrationContactEmail.max),
  contactPhone: z
    .string()
    .regex(/^[0-9+ ]{6,}$/, 'Số điện thoại gồm 6–20 chữ số.')
    .max(L.registrationContactPhone.max, 'Số điện thoại gồm 6–20 chữ số.'),
  channel: z.enum(['direct', 'tvan']).default('tvan').describe('HTGDLHDDT: directly to CQT or through a T-VAN'),
  kind: z
    .union([z.literal(1), z.literal(2)])
    .default(1)
    .describe('HThuc: 1 new registration, 2 change'),
});

const registrationView = z.object({
  state: z.enum(['none', 'sent', 'received', 'accepted', 'refused']),
  messageId: z.string().optional().describe('MTDiep of the last 100'),
  cashRegisterPrefix: z.string().optional().describe('the 5 characters of cash-register codes, from the 103'),
  reason: z.string().optional(),
  simulated: z
    .boolean()
    .describe('true when only the embedded simulator (demo) answered: not an acceptance by the tax authority'),
  stateText: z.string().describe('The state in Vietnamese: "chấp nhận (dùng thử)" for the simulator’s acceptance'),
  updatedAt: z.string().optional(),
});

const STATE_TEXT = {
  none: 'chưa đăng ký',
  sent: 'đã gửi',
  received: 'cơ quan thuế đã tiếp nhận',
  accepted: 'chấp nhận',
  refused: 'không chấp nhận',
} as const;

/** The state in words; an answer of the embedded simulator is a trial's, never the authority's (F7). */
const stateText = (state: keyof typeof STATE_TEXT, simulated: boolean) =>
  simulated && state === 'accepted'
    ? 'chấp nhận (dùng thử)'
    : simulated
      ? `${STATE_TEXT[state]} (dùng thử)`
      : STATE_TEXT[state];

export const transmissionRegistrationRoutes =
  (transmission: TransmissionService, seller: () => { name: string }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['transmission'];
    const view = () => {
      const row = transmission.registration();
      if (!row) return { state: 'none' as const, simulated: false, stateText: stateText('none', false) };
      const simulated = row.simulated === 1;
      return {
        state: row.state,
        simulated,
        stateText: stateText(row.state, simulated),
        messageId: row.messageId,
        ...(row.cashRegisterPrefix ? { cashRegisterPrefix: row.cashRegisterPrefix } : {}),
        ...(row.reason ? { reason: row.reason } : {}),
        updatedAt: row.updatedAt,
      };
    };
    app.get(
      '/transmission/registration',
      {
        schema: {
          tags,
          summary: "The store's registration for e-invoices with the tax authority (01/ĐKTĐ-HĐĐT)",
          operationId: 'getTransmissionRegistration',
          response: { ...errorResponses(401, 403, 429), 200: ok(registrationView) },
        },
      },
      async () => success(view()),
    );
    app.post(
      '/transmission/registration',
      {
        schema: {
          tags,
          summary: 'Send the tờ khai 01/ĐKTĐ-HĐĐT for cash-register invoices; the 102 and 103 arrive later',
          operationId: 'sendTransmissionRegistration',
          body: registrationBody,
          response: { ...errorResponses(400, 401, 403, 429), 202: ok(registrationView) },
        },
      },
      async (request, reply) => {
        const body = request.body;
        await transmission.register({
          kind: body.kind,
          taxpayerName: seller().name,
          taxOfficeName: body.taxOfficeName,
          taxOfficeCode: body.taxOfficeCode,
          contactName: body.contactName,
          contactAddress: body.contactAddress,
          contactEmail: body.contactEmail,
          contactPhone: body.contactPhone,
          place: body.place,
          withCode: true,
          cashRegister: true,
          withoutCode: false,
          channel: body.channel,
          vatInvoices: true,
          salesInvoices: false,
        });
        return reply.code(202).send(success(view()));
      },
    );
    app.put(
      '/transmission/registration/cash-register-prefix',
      {
        schema: {
          tags,
          summary: 'Enter the 5 characters of cash-register codes when the accepting 103 carried no MCCQT',
          description:
            'The node never makes them up: until they are entered, a live node sending to a T-VAN issues no invoice (docs/transmission.md).',
          operationId: 'setCashRegisterPrefix',
          body: z.strictObject({
            prefix: z
              .string()
              .regex(
                CASH_REGISTER_PREFIX,
                'Gồm đúng 5 chữ in hoa hoặc chữ số, như trên cổng hóa đơn điện tử của cơ quan thuế.',
              )
              .describe('MCCQT: the 5 characters the tax authority assigned (its e-invoice portal shows them)'),
          }),
          response: { ...errorResponses(400, 401, 403, 409, 429), 200: ok(registrationView) },
        },
      },
      async (request, reply) =>
        reply.commit(200, () => {
          transmission.setCashRegisterPrefix(request.body.prefix);
          return view();
        }),
    );
  };
