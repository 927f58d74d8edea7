/**
 * The till (PATCH /settings/till): the bank account the till's VietQR pays into, which roles may sell a line
 * that is not in the catalogue or change a price, and printing the receipt as soon as an invoice is issued.
 */
import { NAPAS_BANKS } from '../../../src/domain/napas-banks';
import { api, call } from '../api/client';
import type { Role } from '../auth/session';
import { fieldMessage } from '../base/field-error';
import { ROLE_NAMES } from '../screens';
import type { TillSettings } from '../till/till-settings';
import { Check } from './check';
import { SaveRow } from './save-row';
import { T } from './strings';
import { TextField } from './text-field';
import { useSettingsForm } from './use-form';

type Account = NonNullable<TillSettings['bankAccount']>;
const NO_ACCOUNT: Account = { bin: '', accountNumber: '', accountName: '' };
const ROLES = Object.keys(ROLE_NAMES) as Role[];

export function TillForm() {
  const form = useSettingsForm<TillSettings>(
    () => call(api.GET('/api/v1/settings/till')),
    (v) => {
      // An account left empty is no account: the till then says that none is set.
      const empty = !v.bankAccount || Object.values(v.bankAccount).every((x) => x.trim() === '');
      return call(api.PATCH('/api/v1/settings/till', { body: { ...v, bankAccount: empty ? null : v.bankAccount } }));
    },
  );
  const v = form.values;
  if (!v) return null;
  const account = v.bankAccount ?? NO_ACCOUNT;
  const setAccount = (patch: Partial<Account>) => form.change({ bankAccount: { ...account, ...patch } });
  const roles = (field: 'freeLineRoles' | 'priceChangeRoles', legend: string) => (
    <fieldset>
      <legend>{legend}</legend>
      {ROLES.map((role) => (
        <Check
          key={role}
          label={ROLE_NAMES[role]}
          checked={v[field].includes(role)}
          onChange={(on) => form.change({ [field]: on ? [...v[field], role] : v[field].filter((r) => r !== role) })}
        />
      ))}
    </fieldset>
  );
  return (
    <form class="panel" onSubmit={form.submit} noValidate aria-labelledby="till-settings-title">
      <h2 id="till-settings-title">{T.till}</h2>
      <fieldset>
        <legend>{T.bankAccount}</legend>
        <p class="muted">{T.bankAccountHelp}</p>
        <div class="field-grid">
          <div>
            <label for="bank-bin">{T.bankBin}</label>
            <select id="bank-bin" value={account.bin} onChange={(e) => setAccount({ bin: e.currentTarget.value })}>
              <option value="">{T.bankNone}</option>
              {account.bin !== '' && !NAPAS_BANKS.some((bank) => bank.bin === account.bin) && (
                <option value={account.bin}>{account.bin}</option>
              )}
              {NAPAS_BANKS.map((bank) => (
                <option key={bank.bin} value={bank.bin}>
                  {bank.shortName} – {bank.name}
                </option>
              ))}
            </select>
            {fieldMessage(form.error, 'bankAccount.bin') && (
              <p class="field-error">{fieldMessage(form.error, 'bankAccount.bin')}</p>
            )}
          </div>
          <TextField
            id="bank-account"
            label={T.bankAccountNumber}
            value={account.accountNumber}
            field="bankAccount.accountNumber"
            error={form.error}
            onInput={(accountNumber) => setAccount({ accountNumber })}
          />
          <TextField
            id="bank-name"
            label={T.bankAccountName}
            value={account.accountName}
            field="bankAccount.accountName"
            error={form.error}
            onInput={(accountName) => setAccount({ accountName })}
          />
        </div>
      </fieldset>
      {roles('freeLineRoles', T.freeLineRoles)}
      {roles('priceChangeRoles', T.priceChangeRoles)}
      <Check
        label={T.autoPrint}
        checked={v.autoPrintReceipt}
        onChange={(autoPrintReceipt) => form.change({ autoPrintReceipt })}
      />
      <Check
        label={T.pricesIncludeVat}
        checked={v.pricesIncludeVat}
        onChange={(pricesIncludeVat) => form.change({ pricesIncludeVat })}
      />
      <div>
        <label for="cash-rounding">{T.cashRounding}</label>
        <select
          id="cash-rounding"
          value={String(v.cashRounding)}
          onChange={(e) => form.change({ cashRounding: Number(e.currentTarget.value) as TillSettings['cashRounding'] })}
        >
          {([0, 100, 500, 1000] as const).map((step) => (
            <option key={step} value={String(step)}>
              {step === 0 ? T.noRounding : `${step.toLocaleString('vi-VN')} ₫`}
            </option>
          ))}
        </select>
      </div>
      <SaveRow
        busy={form.busy}
        saved={form.saved}
        error={form.error}
        fields={['bankAccount.bin', 'bankAccount.accountNumber', 'bankAccount.accountName']}
      />
    </form>
  );
}
