/** The store and the seller's identity (PATCH /config): leaving demo mode starts here. */
import { api, call } from '../api/client';
import type { Schema } from '../api/types';
import { SaveRow } from './save-row';
import { T } from './strings';
import { TextField } from './text-field';
import { useSettingsForm } from './use-form';

type Config = Schema<'/api/v1/config', 'get'>;

export function StoreForm({ demo }: { demo: boolean }) {
  const form = useSettingsForm<Config>(
    () => call(api.GET('/api/v1/config')),
    (v) =>
      call(
        api.PATCH('/api/v1/config', {
          body: { storeName: v.storeName, seller: v.seller, strictBuyerMst: v.strictBuyerMst },
        }),
      ),
  );
  const v = form.values;
  if (!v) return null;
  const seller = (patch: Partial<Config['seller']>) => form.change({ seller: { ...v.seller, ...patch } });
  const fields = ['storeName', 'seller.name', 'seller.mst', 'seller.address', 'seller.phone', 'seller.email'];
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
        <TextField
          id="seller-name"
          label={T.sellerName}
          value={v.seller.name}
          field="seller.name"
          error={form.error}
          onInput={(name) => seller({ name })}
        />
        <TextField
          id="seller-mst"
          label={T.sellerMst}
          value={v.seller.mst}
          field="seller.mst"
          error={form.error}
          inputMode="numeric"
          onInput={(mst) => seller({ mst })}
        />
        <TextField
          id="seller-address"
          label={T.sellerAddress}
          value={v.seller.address}
          field="seller.address"
          error={form.error}
          onInput={(address) => seller({ address })}
        />
        <TextField
          id="seller-phone"
          label={T.sellerPhone}
          value={v.seller.phone}
          field="seller.phone"
          error={form.error}
          inputMode="tel"
          onInput={(phone) => seller({ phone })}
        />
        <TextField
          id="seller-email"
          label={T.sellerEmail}
          value={v.seller.email}
          field="seller.email"
          error={form.error}
          inputMode="email"
          onInput={(email) => seller({ email })}
        />
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
