/** Mẫu số and ký hiệu of the next invoices (PATCH /settings/templates; numbers already given never change). */
import { api, call } from '../api/client';
import type { Schema } from '../api/types';
import { SaveRow } from './save-row';
import { T } from './strings';
import { TextField } from './text-field';
import { useSettingsForm } from './use-form';

type Templates = Schema<'/api/v1/settings/templates', 'get'>;

export function TemplatesForm() {
  const form = useSettingsForm<Templates>(
    () => call(api.GET('/api/v1/settings/templates')),
    (v) =>
      call(
        api.PATCH('/api/v1/settings/templates', {
          body: { mauSo: v.mauSo, kyHieu: v.kyHieu, templateName: v.templateName },
        }),
      ),
  );
  const v = form.values;
  if (!v) return null;
  return (
    <form class="panel" onSubmit={form.submit} noValidate aria-labelledby="templates-title">
      <h2 id="templates-title">{T.templates}</h2>
      <div class="row">
        <TextField
          id="mau-so"
          label={T.mauSo}
          value={v.mauSo}
          field="mauSo"
          error={form.error}
          onInput={(mauSo) => form.change({ mauSo })}
        />
        <TextField
          id="ky-hieu"
          label={T.kyHieu}
          value={v.kyHieu}
          field="kyHieu"
          error={form.error}
          onInput={(kyHieu) => form.change({ kyHieu })}
        />
        <TextField
          id="template-name"
          label={T.templateName}
          value={v.templateName}
          field="templateName"
          error={form.error}
          onInput={(templateName) => form.change({ templateName })}
        />
      </div>
      <SaveRow busy={form.busy} saved={form.saved} error={form.error} fields={['mauSo', 'kyHieu', 'templateName']} />
    </form>
  );
}
