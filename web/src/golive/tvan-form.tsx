/** Step 3: the T-VAN's address and credentials, tested and saved; the credentials never come back. */
import { useState } from 'preact/hooks';
import { api, call, newIdempotencyKey } from '../api/client';
import type { Schema } from '../api/types';
import { FieldError, FormError } from '../base/field-error';
import { T } from './strings';

type Tvan = Schema<'/api/v1/going-live', 'get'>['tvan'];

export function TvanForm({ tvan, onSaved }: { tvan: Tvan; onSaved: () => void }) {
  const [url, setUrl] = useState(tvan.url ?? '');
  const [kind, setKind] = useState<'token' | 'login'>(tvan.credentials === 'token' ? 'token' : 'login');
  const [token, setToken] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [loginPath, setLoginPath] = useState('');
  const [error, setError] = useState<unknown>();
  const [result, setResult] = useState<{ ok: boolean; problem?: string }>();
  const [busy, setBusy] = useState(false);

  const body = () => ({
    url,
    ...(kind === 'token' ? (token ? { token } : {}) : {}),
    ...(kind === 'login' && (username || password) ? { username, password } : {}),
    ...(kind === 'login' && loginPath ? { loginPath } : {}),
  });
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    setResult(undefined);
    try {
      await work();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  const check = () =>
    run(async () => {
      setResult(
        await call(
          api.POST('/api/v1/transmission/connection/check', {
            body: body(),
            headers: { 'x-idempotency-key': newIdempotencyKey() },
          }),
        ),
      );
    });
  const save = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      await call(api.PUT('/api/v1/transmission/connection', { body: body() }));
      setToken('');
      setPassword('');
      onSaved();
    });
  };

  return (
    <form noValidate onSubmit={save} aria-label={T.tvan}>
      <p class="muted">{T.tvanHow}</p>
      <div>
        <label for="tvan-url">{T.tvanUrl}</label>
        <input
          id="tvan-url"
          type="url"
          translate={false}
          value={url}
          aria-describedby="tvan-url-error"
          onInput={(e) => setUrl(e.currentTarget.value)}
        />
        <FieldError error={error} field="url" id="tvan-url-error" />
      </div>
      <fieldset class="quick">
        <legend>{T.tvanKind}</legend>
        <label class="check">
          <input type="radio" name="tvan-kind" checked={kind === 'login'} onChange={() => setKind('login')} />
          {T.tvanLogin}
        </label>
        <label class="check">
          <input type="radio" name="tvan-kind" checked={kind === 'token'} onChange={() => setKind('token')} />
          {T.tvanToken}
        </label>
      </fieldset>
      {tvan.source === 'saved' && (
        <p data-testid="tvan-saved">
          {T.tvanSaved} {T.tvanKeep}
        </p>
      )}
      {tvan.source === 'environment' && <p>{T.tvanEnvironment}</p>}
      {kind === 'token' ? (
        <div>
          <label for="tvan-token">{T.tvanToken}</label>
          <input
            id="tvan-token"
            type="password"
            autocomplete="off"
            value={token}
            aria-describedby="tvan-token-error"
            onInput={(e) => setToken(e.currentTarget.value)}
          />
          <FieldError error={error} field="token" id="tvan-token-error" />
        </div>
      ) : (
        <div class="cards">
          <div>
            <label for="tvan-username">{T.tvanUsername}</label>
            <input
              id="tvan-username"
              autocomplete="off"
              value={username}
              onInput={(e) => setUsername(e.currentTarget.value)}
            />
          </div>
          <div>
            <label for="tvan-password">{T.tvanPassword}</label>
            <input
              id="tvan-password"
              type="password"
              autocomplete="new-password"
              value={password}
              aria-describedby="tvan-password-error"
              onInput={(e) => setPassword(e.currentTarget.value)}
            />
            <FieldError error={error} field="password" id="tvan-password-error" />
          </div>
          <div>
            <label for="tvan-login-path">{T.tvanLoginPath}</label>
            <input
              id="tvan-login-path"
              translate={false}
              value={loginPath}
              onInput={(e) => setLoginPath(e.currentTarget.value)}
            />
          </div>
        </div>
      )}
      <FormError error={error} fields={['url', 'token', 'password']} />
      {result && (
        <p role="status" class={result.ok ? 'ok' : 'alert'} data-testid="tvan-check">
          {result.ok ? T.tvanOk : result.problem}
        </p>
      )}
      <div class="actions">
        <button type="button" disabled={busy} onClick={check}>
          {T.tvanCheck}
        </button>
        <button type="submit" class="primary" disabled={busy}>
          {T.tvanSave}
        </button>
      </div>
    </form>
  );
}
