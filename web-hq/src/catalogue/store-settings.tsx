/**
 * One store's templates and automation documents as HQ holds them (GET /hq/v1/stores/:id/settings), each in a
 * form of its own: the owner sends the whole document down the feed (PUT /hq/v1/stores/:id/settings), checked
 * on the server with the store's own settings schemas, and a refusal is shown beside its field in Vietnamese.
 * Everyone else reads the same form, disabled. Last writer wins at the store too (docs/hq.md "Hàng hóa và cài đặt").
 */
import { useState } from 'preact/hooks';
import { dateTime } from '../../../web/src/base/format';
import { SALES_CHANNELS } from '../../../web/src/base/labels';
import { T } from '../../../web/src/settings/strings';
import { ApiError, api, call, type StoreSettings } from '../api/client';
import { Shown, useLoad } from '../load';

// The fields' names are the store console's own, so an owner reads the same words at HQ and at the store.
export const S = {
  templates: T.templates,
  mauSo: T.mauSo,
  kyHieu: T.kyHieu,
  templateName: T.templateName,
  automation: T.automation,
  autoIssue: T.autoIssue,
  delay: T.delay,
  channels: T.channels,
  notifyIssue: T.notifyIssue,
  notifyError: T.notifyError,
  send: 'Gửi xuống cửa hàng',
  sending: 'Đang gửi…',
  applied: 'Đã gửi. Cửa hàng áp dụng trong lần đồng bộ kế tiếp.',
  lost: 'Cửa hàng đã có bản sửa mới hơn: bản của trụ sở không được áp dụng và được lưu lại để đối chiếu.',
  invalid: 'Dữ liệu chưa hợp lệ: hãy sửa các ô có thông báo lỗi.',
  none: 'Trụ sở chưa có bản nào của cửa hàng này: nhập đủ các ô rồi gửi xuống.',
  by: (origin: string, at: string) => `Bản hiện tại do ${origin === 'hq' ? 'trụ sở' : 'cửa hàng'} sửa lúc ${at}.`,
  readOnly: 'Chỉ chủ chuỗi được sửa và gửi cài đặt.',
};

type Current = StoreSettings['current'][number];
type Templates = { mauSo: string; kyHieu: string; templateName: string };
type Automation = {
  autoIssueOnPaid: boolean;
  channels: ('WEB' | 'POS' | 'ADMIN')[];
  delayMinutes: number;
  notifyOnIssue: boolean;
  notifyOnError: boolean;
};
const CHANNELS = ['POS', 'WEB', 'ADMIN'] as const;

const EMPTY_TEMPLATES: Templates = { mauSo: '1', kyHieu: '', templateName: '' };
const EMPTY_AUTOMATION: Automation = {
  autoIssueOnPaid: false,
  channels: [],
  delayMinutes: 0,
  notifyOnIssue: false,
  notifyOnError: true,
};

/** HQ's message for one field of a document (`body.automation.delayMinutes` → `delayMinutes`). */
function fieldMessage(error: unknown, doc: string, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.details.find((d) => d.path.replace(/^body\./, '') === `${doc}.${field}`)?.message;
}

function Outcome({ error, outcome, doc }: { error: unknown; outcome: string; doc: string }) {
  if (error) {
    const shown = error instanceof ApiError && error.details.some((d) => d.path.startsWith(`body.${doc}.`));
    const rest = error instanceof ApiError ? error.details.filter((d) => !d.path.startsWith(`body.${doc}.`)) : [];
    return (
      <div class="alert" role="alert">
        <p>{shown && rest.length === 0 ? S.invalid : (error as Error).message}</p>
        {rest.length > 0 && (
          <ul>
            {rest.map((d) => (
              <li key={d.path}>{d.message}</li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  if (!outcome) return null;
  return (
    <p class="notice" role="status">
      {outcome === 'lost' ? S.lost : S.applied}
    </p>
  );
}

function Origin({ entry }: { entry: Current | undefined }) {
  return <p class="muted">{entry ? S.by(entry.origin, dateTime(entry.updatedAt)) : S.none}</p>;
}

/** One document's form: its values, sending and what came of it. */
function useDocument<D>(storeId: string, name: 'templates' | 'automation', initial: D, onSent: () => void) {
  const [values, setValues] = useState<D>(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [outcome, setOutcome] = useState('');
  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setOutcome('');
    try {
      const sent = await call(
        api.PUT('/hq/v1/stores/{id}/settings', {
          params: { path: { id: storeId } },
          body: { [name]: values } as never,
        }),
      );
      setOutcome(sent.items[0]?.outcome ?? 'applied');
      onSent();
    } catch (problem) {
      setError(problem);
    } finally {
      setBusy(false);
    }
  }
  return { values, change: (patch: Partial<D>) => setValues({ ...values, ...patch }), busy, error, outcome, submit };
}

function TextInput(props: {
  id: string;
  label: string;
  value: string;
  message: string | undefined;
  inputMode?: 'numeric';
  onInput: (text: string) => void;
}) {
  const errorId = `${props.id}-loi`;
  return (
    <label for={props.id}>
      {props.label}
      <input
        id={props.id}
        value={props.value}
        inputMode={props.inputMode}
        aria-invalid={props.message ? true : undefined}
        aria-describedby={props.message ? errorId : undefined}
        onInput={(e) => props.onInput(e.currentTarget.value)}
      />
      {props.message && (
        <span class="field-error" id={errorId}>
          {props.message}
        </span>
      )}
    </label>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label class="check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} /> {label}
    </label>
  );
}

function TemplatesForm(props: { storeId: string; entry: Current | undefined; editable: boolean; onSent: () => void }) {
  const form = useDocument<Templates>(
    props.storeId,
    'templates',
    { ...EMPTY_TEMPLATES, ...(props.entry?.document as Partial<Templates> | undefined) },
    props.onSent,
  );
  const v = form.values;
  const message = (field: keyof Templates) => fieldMessage(form.error, 'templates', field);
  return (
    <form class="panel" onSubmit={form.submit} noValidate aria-labelledby="hq-templates-title">
      <h3 id="hq-templates-title">{S.templates}</h3>
      <Origin entry={props.entry} />
      <fieldset class="document-fields" disabled={!props.editable}>
        <legend class="visually-hidden">{S.templates}</legend>
        <TextInput
          id="hq-mau-so"
          label={S.mauSo}
          value={v.mauSo}
          message={message('mauSo')}
          inputMode="numeric"
          onInput={(mauSo) => form.change({ mauSo })}
        />
        <TextInput
          id="hq-ky-hieu"
          label={S.kyHieu}
          value={v.kyHieu}
          message={message('kyHieu')}
          onInput={(kyHieu) => form.change({ kyHieu: kyHieu.toUpperCase() })}
        />
        <TextInput
          id="hq-ten-mau"
          label={S.templateName}
          value={v.templateName}
          message={message('templateName')}
          onInput={(templateName) => form.change({ templateName })}
        />
        {props.editable && (
          <button type="submit" class="primary" disabled={form.busy}>
            {form.busy ? S.sending : S.send}
          </button>
        )}
      </fieldset>
      <Outcome error={form.error} outcome={form.outcome} doc="templates" />
    </form>
  );
}

function AutomationForm(props: { storeId: string; entry: Current | undefined; editable: boolean; onSent: () => void }) {
  const form = useDocument<Automation>(
    props.storeId,
    'automation',
    { ...EMPTY_AUTOMATION, ...(props.entry?.document as Partial<Automation> | undefined) },
    props.onSent,
  );
  const v = form.values;
  const [delay, setDelay] = useState(String(v.delayMinutes));
  return (
    <form class="panel" onSubmit={form.submit} noValidate aria-labelledby="hq-automation-title">
      <h3 id="hq-automation-title">{S.automation}</h3>
      <Origin entry={props.entry} />
      <fieldset class="document-fields" disabled={!props.editable}>
        <legend class="visually-hidden">{S.automation}</legend>
        <Check
          label={S.autoIssue}
          checked={v.autoIssueOnPaid}
          onChange={(autoIssueOnPaid) => form.change({ autoIssueOnPaid })}
        />
        <TextInput
          id="hq-delay"
          label={S.delay}
          value={delay}
          message={fieldMessage(form.error, 'automation', 'delayMinutes')}
          inputMode="numeric"
          onInput={(text) => {
            setDelay(text);
            // Sent as typed: a number HQ refuses (or no number at all) comes back as the field's message.
            form.change({ delayMinutes: text.trim() === '' ? Number.NaN : Number(text) });
          }}
        />
        <fieldset>
          <legend>{S.channels}</legend>
          {CHANNELS.map((c) => (
            <Check
              key={c}
              label={SALES_CHANNELS[c] ?? c}
              checked={v.channels.includes(c)}
              onChange={(on) => form.change({ channels: on ? [...v.channels, c] : v.channels.filter((x) => x !== c) })}
            />
          ))}
        </fieldset>
        <Check
          label={S.notifyIssue}
          checked={v.notifyOnIssue}
          onChange={(notifyOnIssue) => form.change({ notifyOnIssue })}
        />
        <Check
          label={S.notifyError}
          checked={v.notifyOnError}
          onChange={(notifyOnError) => form.change({ notifyOnError })}
        />
        {props.editable && (
          <button type="submit" class="primary" disabled={form.busy}>
            {form.busy ? S.sending : S.send}
          </button>
        )}
      </fieldset>
      <Outcome error={form.error} outcome={form.outcome} doc="automation" />
    </form>
  );
}

export function StoreSettingsForms({
  storeId,
  editable,
  onSent,
}: {
  storeId: string;
  editable: boolean;
  onSent: () => void;
}) {
  const [settings, retry] = useLoad(
    () => call(api.GET('/hq/v1/stores/{id}/settings', { params: { path: { id: storeId } } })),
    [storeId],
  );
  return (
    <Shown loaded={settings} retry={retry}>
      {(value) => {
        const entry = (name: string) => value.current.find((c) => c.name === name);
        return (
          <div class="settings-forms">
            {!editable && <p class="muted">{S.readOnly}</p>}
            <TemplatesForm
              key={`t-${storeId}`}
              storeId={storeId}
              entry={entry('templates')}
              editable={editable}
              onSent={onSent}
            />
            <AutomationForm
              key={`a-${storeId}`}
              storeId={storeId}
              entry={entry('automation')}
              editable={editable}
              onSent={onSent}
            />
          </div>
        );
      }}
    </Shown>
  );
}
