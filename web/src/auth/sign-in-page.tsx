import { useState } from 'preact/hooks';
import { ApiError, api, call } from '../api/client';
import { FieldError, FormError } from '../base/field-error';
import { navigate, useLocation } from '../base/router';
import { homeOf } from '../screens';
import { signIn } from './session';
import { T } from './strings';

/** Sign-in; afterwards the page the user was sent away from (`next`), or the role's home. */
export function SignInPage() {
  const { query } = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const answer = await call(api.POST('/api/v1/auth/login', { body: { username, password } }));
      signIn({
        token: answer.accessToken,
        username: answer.user.username,
        role: answer.user.role,
        expiresAt: Date.now() + answer.expiresIn * 1000,
      });
      const next = query.get('next');
      navigate(next?.startsWith('/') && !next.startsWith('//') ? next : homeOf(answer.user.role), { replace: true });
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  };

  return (
    <main class="sign-in">
      <form onSubmit={submit} aria-labelledby="sign-in-title" noValidate>
        <h1 id="sign-in-title">{T.title}</h1>
        <p class="muted">{T.product}</p>
        {query.get('expired') && !error && (
          <p class="notice" role="status">
            {T.expired}
          </p>
        )}
        <FormError error={error instanceof ApiError && error.details.length === 0 ? error : undefined} />
        <label for="username">{T.username}</label>
        <input
          id="username"
          name="username"
          autocomplete="username"
          required
          value={username}
          onInput={(e) => setUsername(e.currentTarget.value)}
        />
        <FieldError error={error} field="username" id="username-error" />
        <label for="password">{T.password}</label>
        <input
          id="password"
          name="password"
          type="password"
          autocomplete="current-password"
          required
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
        />
        <FieldError error={error} field="password" id="password-error" />
        <button type="submit" class="primary" disabled={busy}>
          {busy ? T.busy : T.submit}
        </button>
      </form>
    </main>
  );
}
