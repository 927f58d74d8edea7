/**
 * Settings for an admin: the seller, the templates, automation, the product catalogue, plan and usage, the
 * signing certificate, the connection to headquarters and the backups, each a section saved on its own.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client';
import type { Schema } from '../api/types';
import { dateTime, quantity } from '../base/format';
import { syncState } from '../base/labels';
import { AutomationForm } from './automation-form';
import { BackupsPanel } from './backups-panel';
import { CertificatePanel } from './certificate-panel';
import { PrintersPanel } from './printers-panel';
import { StoreForm } from './store-form';
import { T } from './strings';
import { TemplatesForm } from './templates-form';
import { TillForm } from './till-form';

type Health = Schema<'/api/v1/health', 'get'>;
type Plan = Schema<'/api/v1/settings/plan', 'get'>;
type Config = Schema<'/api/v1/config', 'get'>;

export function SettingsPage() {
  const [health, setHealth] = useState<Health>();
  const [plan, setPlan] = useState<Plan>();
  const [config, setConfig] = useState<Config>();
  const refresh = () => {
    call(api.GET('/api/v1/health')).then(setHealth, () => {});
  };
  useEffect(() => {
    refresh();
    call(api.GET('/api/v1/settings/plan')).then(setPlan, () => {});
    call(api.GET('/api/v1/config')).then(setConfig, () => {});
  }, []);
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{T.title}</h1>
      <p class={health?.mode === 'demo' ? 'notice' : undefined}>
        <a href="/settings/going-live">{T.goingLive}</a>
        {health?.mode === 'live' ? ` (${T.goingLiveDone})` : ''}
      </p>
      <StoreForm demo={health?.mode === 'demo'} />
      <TemplatesForm />
      <AutomationForm />
      <TillForm />
      <PrintersPanel />
      {plan && (
        <section class="panel" aria-labelledby="plan-title">
          <h2 id="plan-title">
            {T.plan}: {plan.planName}
          </h2>
          <dl class="facts">
            <dt>{T.invoices}</dt>
            <dd>
              {quantity(plan.invoiceUsage.used)} / {quantity(plan.invoiceUsage.limit)}
            </dd>
            <dt>{T.storage}</dt>
            <dd>
              {quantity(plan.storageUsage.used)} / {quantity(plan.storageUsage.limit)}
            </dd>
          </dl>
        </section>
      )}
      <CertificatePanel onImported={refresh} />
      <section class="panel" aria-labelledby="hq-title">
        <h2 id="hq-title">{T.hq}</h2>
        <dl class="facts">
          <dt>{T.hqUrl}</dt>
          <dd translate={false}>{config?.headquarters.url ?? '—'}</dd>
          <dt>{T.hqInterval}</dt>
          <dd>{config?.headquarters.syncIntervalSeconds ?? '—'}</dd>
          <dt>Trạng thái</dt>
          <dd>
            {syncState(health?.sync.state)}
            {health?.sync.lastSuccessAt ? ` (${dateTime(health.sync.lastSuccessAt)})` : ''}
          </dd>
        </dl>
        <p class="muted">{T.hqHowTo}</p>
      </section>
      <BackupsPanel />
    </section>
  );
}
