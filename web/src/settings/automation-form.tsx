/** Auto-issue on payment and notifications (PATCH /settings/automation). */
import { api, call } from '../api/client';
import type { Schema } from '../api/types';
import { SALES_CHANNELS } from '../base/labels';
import { Check } from './check';
import { SaveRow } from './save-row';
import { T } from './strings';
import { TextField } from './text-field';
import { useSettingsForm } from './use-form';

type Automation = Schema<'/api/v1/settings/automation', 'get'>;
const CHANNELS = ['POS', 'WEB', 'ADMIN'] as const;

export function AutomationForm() {
  const form = useSettingsForm<Automation>(
    () => call(api.GET('/api/v1/settings/automation')),
    (v) => call(api.PATCH('/api/v1/settings/automation', { body: v })),
  );
  const v = form.values;
  if (!v) return null;
  const check = (label: string, checked: boolean, onChange: (checked: boolean) => void) => (
    <Check label={label} checked={checked} onChange={onChange} />
  );
  return (
    <form class="panel" onSubmit={form.submit} noValidate aria-labelledby="automation-title">
      <h2 id="automation-title">{T.automation}</h2>
      {check(T.autoIssue, v.autoIssueOnPaid, (autoIssueOnPaid) => form.change({ autoIssueOnPaid }))}
      <TextField
        id="auto-delay"
        label={T.delay}
        value={String(v.delayMinutes)}
        field="delayMinutes"
        error={form.error}
        inputMode="numeric"
        onInput={(text) => form.change({ delayMinutes: Number(text) })}
      />
      <fieldset>
        <legend>{T.channels}</legend>
        {CHANNELS.map((c) => (
          <span key={c}>
            {check(SALES_CHANNELS[c] ?? c, v.channels.includes(c), (on) =>
              form.change({ channels: on ? [...v.channels, c] : v.channels.filter((x) => x !== c) }),
            )}
          </span>
        ))}
      </fieldset>
      {check(T.notifyIssue, v.notifyOnIssue, (notifyOnIssue) => form.change({ notifyOnIssue }))}
      {check(T.notifyError, v.notifyOnError, (notifyOnError) => form.change({ notifyOnError }))}
      <SaveRow busy={form.busy} saved={form.saved} error={form.error} fields={['delayMinutes', 'channels']} />
    </form>
  );
}
