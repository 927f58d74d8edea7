import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, success } from '../http/envelope.js';
import { errorResponses } from '../http/openapi-errors.js';
import { assertConfigPatchAllowed } from './config-patch.js';
import type { NodeModeService } from './node-mode.js';
import type { PlanService } from './plan.service.js';
import {
  automationSettingsSchema,
  declarationSettingsSchema,
  templateSettingsSchema,
  tillSettingsSchema,
  vatReductionSettingsSchema,
} from './settings.documents.js';
import { automationPatch, configPatch, configView, planReport, templatesPatch, tillPatch } from './settings.schemas.js';
import type { SettingsService } from './settings.service.js';
import { assertTemplateSupported } from './templates-supported.js';

export const settingsRoutes =
  (settings: SettingsService, plan: PlanService, timeZone: string, mode: NodeModeService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['settings'];
    app.get(
      '/settings/templates',
      {
        schema: {
          tags,
          summary: 'The invoice template (form and series) new invoices are issued under',
          operationId: 'getTemplateSettings',
          response: { 200: ok(templateSettingsSchema), ...errorResponses(401, 429) },
        },
      },
      async () => success(settings.templates()),
    );
    app.patch(
      '/settings/templates',
      {
        schema: {
          tags,
          summary: 'Change the template of the next invoices (never renumbers)',
          operationId: 'updateTemplateSettings',
          body: templatesPatch,
          response: { 200: ok(templateSettingsSchema), ...errorResponses(400, 401, 403, 413, 415, 429) },
        },
      },
      async (request, reply) => {
        if (request.body.mauSo !== undefined) assertTemplateSupported(request.body.mauSo);
        return reply.commit(200, () => settings.update('templates', request.body, request.user.username));
      },
    );
    app.get(
      '/settings/automation',
      {
        schema: {
          tags,
          summary: 'Automatic issuing of paid orders: on or off, and its delay',
          operationId: 'getAutomationSettings',
          response: { 200: ok(automationSettingsSchema), ...errorResponses(401, 429) },
        },
      },
      async () => success(settings.automation()),
    );
    app.patch(
      '/settings/automation',
      {
        schema: {
          tags,
          summary: 'Change the automatic issuing of paid orders',
          operationId: 'updateAutomationSettings',
          body: automationPatch,
          response: { 200: ok(automationSettingsSchema), ...errorResponses(400, 401, 403, 413, 415, 429) },
        },
      },
      async (request, reply) =>
        reply.commit(200, () => settings.update('automation', request.body, request.user.username)),
    );
    app.get(
      '/settings/till',
      {
        schema: {
          tags,
          summary: 'The till: the bank account of transfer payments, who may sell free lines or change prices',
          operationId: 'getTillSettings',
          response: { 200: ok(tillSettingsSchema), ...errorResponses(401, 429) },
        },
      },
      async () => success(settings.till()),
    );
    app.patch(
      '/settings/till',
      {
        schema: {
          tags,
          summary: 'Change the till settings (bank account, free lines, price changes, automatic printing)',
          operationId: 'updateTillSettings',
          body: tillPatch,
          response: { 200: ok(tillSettingsSchema), ...errorResponses(400, 401, 403, 413, 415, 429) },
        },
      },
      async (request, reply) => reply.commit(200, () => settings.update('till', request.body, request.user.username)),
    );
    app.get(
      '/settings/vat-reduction',
      {
        schema: {
          tags,
          summary: 'The VAT reduction windows: when the reduced rate (8 %) may be used',
          operationId: 'getVatReduction',
          response: { 200: ok(vatReductionSettingsSchema), ...errorResponses(401, 429) },
        },
      },
      async () => success(settings.vatReduction()),
    );
    app.put(
      '/settings/vat-reduction',
      {
        schema: {
          tags,
          summary: 'Replace the list of VAT reduction windows (the next extension, without an upgrade)',
          operationId: 'putVatReduction',
          body: vatReductionSettingsSchema,
          response: { 200: ok(vatReductionSettingsSchema), ...errorResponses(400, 401, 403, 413, 415, 429) },
        },
      },
      async (request, reply) =>
        reply.commit(200, () => settings.update('vatReduction', request.body, request.user.username)),
    );
    app.get(
      '/settings/declaration',
      {
        schema: {
          tags,
          summary: 'The 01/GTGT return: which line pair KHAC sales go to',
          operationId: 'getDeclarationSettings',
          response: { 200: ok(declarationSettingsSchema), ...errorResponses(401, 429) },
        },
      },
      async () => success(settings.declaration()),
    );
    app.put(
      '/settings/declaration',
      {
        schema: {
          tags,
          summary: 'Choose the 01/GTGT line pair of KHAC sales ([30]/[31] or [32]/[33])',
          operationId: 'putDeclarationSettings',
          body: declarationSettingsSchema,
          response: { 200: ok(declarationSettingsSchema), ...errorResponses(400, 401, 403, 413, 415, 429) },
        },
      },
      async (request, reply) =>
        reply.commit(200, () => settings.update('declaration', request.body, request.user.username)),
    );
    app.get(
      '/settings/plan',
      {
        schema: {
          tags,
          summary: "The service plan: this month's invoices against its limit",
          operationId: 'getPlan',
          response: { 200: ok(planReport), ...errorResponses(401, 429) },
        },
      },
      async () => success(plan.report()),
    );

    const view = () => {
      const config = settings.storeConfig();
      return {
        ...config,
        timeZone,
        transmission: {
          ...config.transmission,
          simulated: config.transmission.adapter === 'embedded' || !mode.canSend(),
        },
      };
    };
    app.get(
      '/config',
      {
        schema: {
          tags: ['config'],
          summary: "The store's configuration: seller, transmission, headquarters",
          operationId: 'getConfig',
          response: { 200: ok(configView), ...errorResponses(401, 403, 429) },
        },
      },
      async () => success(view()),
    );
    app.patch(
      '/config',
      {
        schema: {
          tags: ['config'],
          summary: "Change the store's configuration",
          operationId: 'updateConfig',
          body: configPatch,
          response: { 200: ok(configView), ...errorResponses(400, 401, 403, 409, 413, 415, 429) },
        },
      },
      async (request, reply) =>
        reply.commit(200, () => {
          assertConfigPatchAllowed(settings.storeConfig(), request.body, mode.missingToSend());
          settings.update('config', request.body, request.user.username);
          return view();
        }),
    );
  };
