import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, success } from '../http/envelope.js';
import { automationSettingsSchema, templateSettingsSchema } from './settings.documents.js';
import { automationPatch, configPatch, configView, planReport, templatesPatch } from './settings.schemas.js';
import type { PlanService } from './plan.service.js';
import type { SettingsService } from './settings.service.js';

export const settingsRoutes =
  (settings: SettingsService, plan: PlanService, timeZone: string): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['settings'];
    app.get('/settings/templates', { schema: { tags, response: { 200: ok(templateSettingsSchema) } } }, async () =>
      success(settings.templates()),
    );
    app.patch(
      '/settings/templates',
      {
        schema: {
          tags,
          summary: 'Change the template of the next invoices (never renumbers)',
          body: templatesPatch,
          response: { 200: ok(templateSettingsSchema) },
        },
      },
      async (request, reply) =>
        reply.commit(200, () => settings.update('templates', request.body, request.user.username)),
    );
    app.get('/settings/automation', { schema: { tags, response: { 200: ok(automationSettingsSchema) } } }, async () =>
      success(settings.automation()),
    );
    app.patch(
      '/settings/automation',
      { schema: { tags, body: automationPatch, response: { 200: ok(automationSettingsSchema) } } },
      async (request, reply) =>
        reply.commit(200, () => settings.update('automation', request.body, request.user.username)),
    );
    app.get('/settings/plan', { schema: { tags, response: { 200: ok(planReport) } } }, async () =>
      success(plan.report()),
    );

    const view = () => {
      const config = settings.storeConfig();
      return {
        ...config,
        timeZone,
        transmission: { ...config.transmission, simulated: config.transmission.adapter === 'embedded' },
      };
    };
    app.get('/config', { schema: { tags: ['config'], response: { 200: ok(configView) } } }, async () =>
      success(view()),
    );
    app.patch(
      '/config',
      { schema: { tags: ['config'], body: configPatch, response: { 200: ok(configView) } } },
      async (request, reply) =>
        reply.commit(200, () => {
          settings.update('config', request.body, request.user.username);
          return view();
        }),
    );
  };
