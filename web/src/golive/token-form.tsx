/** Step 2 with a USB token: a driver found on the store's machine, the token's name and its PIN. */
import { useEffect, useState } from 'preact/hooks';
import { api, call, newIdempotencyKey } from '../api/client';
import type { Schema } from '../api/types';
import { FieldError, FormError } from '../base/field-error';
import { T } from './strings';

type Module = Schema<'/api/v1/signing/token/modules', 'get'>[number];

export function TokenForm({ onUsed }: { onUsed: () => void }) {
  const [modules, setModules] = useState<Module[]>();
  const [module, setModule] = useState('');
  const [token, setToken] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    call(api.GET('/api/v1/signing/token/modules')).then((found) => {
      setModules(found);
      setModule(found[0]?.path ?? '');
    }, setError);
  }, []);
  const submit = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    try {
      await call(
        api.POST('/api/v1/signing/token', {
          body: { module, token, pin },
          headers: { 'x-idempotency-key': newIdempotencyKey() },
        }),
      );
      setPin('');
      onUsed();
    } catch (caught) {
      setError(caught);
    }
  };
  return (
    <form class="panel" noValidate onSubmit={submit} aria-labelledby="token-title">
      <h3 id="token-title">{T.tokenTitle}</h3>
      {modules && modules.length === 0 ? (
        <p class="muted">{T.tokenNone}</p>
      ) : (
        <div class="cards">
          <div>
            <label for="token-module">{T.tokenModule}</label>
            <select id="token-module" value={module} onChange={(e) => setModule(e.currentTarget.value)}>
              {modules?.map((m) => (
                <option key={m.path} value={m.path}>
                  {m.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label for="token-label">{T.tokenLabel}</label>
            <input
              id="token-label"
              translate={false}
              value={token}
              aria-describedby="token-label-error"
              onInput={(e) => setToken(e.currentTarget.value)}
            />
            <FieldError error={error} field="token" id="token-label-error" />
          </div>
          <div>
            <label for="token-pin">{T.tokenPin}</label>
            <input
              id="token-pin"
              type="password"
              inputMode="numeric"
              autocomplete="off"
              value={pin}
              onInput={(e) => setPin(e.currentTarget.value)}
            />
          </div>
        </div>
      )}
      <FormError error={error} fields={['token']} />
      {modules && modules.length > 0 && (
        <button type="submit" class="primary">
          {T.tokenUse}
        </button>
      )}
    </form>
  );
}
