/** The store and the seller's identity (PATCH /config): leaving demo mode starts here. */
import { api, call } from '../api/client';
import type { Schema } from '../api/types';
import { SaveRow } from './save-row';
import { T } from './strings';
import { TextField } from './text-field';
import { useSettingsForm } from './use-form';

type Config = Schema<'/api/v1/config', 'get'>;

const SELLER_FIELDS: [keyof Config['seller'], string, ('numeric' | 'tel' | 'email')?][] = [
  ['name', T.sellerName],
  ['mst', T.sellerMst, 'numeric'],
  ['address', T.sellerAddress],
  ['phone', T.sellerPhone, 'tel'],
  ['email', T.sellerEmail, 'email'],
];

export function StoreForm({ demo, onSaved }: { demo: boolean; onSaved?: () => void }) {
  const form = useSettingsForm<Config>(
    () => call(api.GET('/api/v1/config')),
    async (v) => {
      const saved = await call(
        api.PATCH('/api/v1/config', {
          body: { storeName: v.storeName, seller: v.seller, strictBuyerMst: v.strictBuyerMst },
        }),
      );
      onSaved?.();
      return saved;
    },
  );
  const v = form.values;
  if (!v) return null;
  const seller = (patch: Partial<Config['seller']>) => form.change({ seller: { ...v.seller, ...patch } });
  const fields = ['storeName', ...SELLER_FIELDS.map(([key]) => `seller.${key}`)];
  return (
    <form class="panel" onSubmit={form.submit} noValidate aria-labelledby="store-title">
      <h2 id="store-title">{T.store}</h2>
      {demo && <p class="notice">{T.demo}</p>}
      <div class="cards">
        <TextField
          id="store-name"
          label={T.storeName}
          value={v.storeName}
          field="storeName"
          error={form.error}
          onInput={(storeName) => form.change({ storeName })}
        />
        {SELLER_FIELDS.map(([key, label, inputMode]) => (
          <TextField
            key={key}
            id={`seller-${key}`}
            label={label}
            value={v.seller[key]}
            field={`seller.${key}`}
            error={form.error}
            inputMode={inputMode}
            onInput={(value) => seller({ [key]: value })}
          />
        ))}
      </div>
      <label class="check">
        <input
          type="checkbox"
          checked={v.strictBuyerMst}
          onChange={(e) => form.change({ strictBuyerMst: e.currentTarget.checked })}
        />{' '}
        {T.strictMst}
      </label>
      <SaveRow busy={form.busy} saved={form.saved} error={form.error} fields={fields} />
    </form>
  );
}
