import { useState } from 'preact/hooks';
import { api, call } from './api/client';
import { setSession } from './session';

const T = {
  title: 'Đăng nhập trụ sở',
  intro: 'Dành cho chủ chuỗi, kế toán và quản lý cửa hàng.',
  username: 'Tên đăng nhập',
  password: 'Mật khẩu',
  submit: 'Đăng nhập',
  busy: 'Đang đăng nhập…',
  noAccount: 'Chưa có tài khoản? Chủ chuỗi tạo bằng lệnh hoadon hq user add trên máy trụ sở.',
};

export function SignInPage() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const signedIn = await call(api.POST('/hq/v1/session', { body: { username, password } }));
      setSession(signedIn);
    } catch (problem) {
      setError((problem as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main class="sign-in" id="main">
      <form onSubmit={submit} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">{T.title}</h1>
        <p class="muted">{T.intro}</p>
        <label>
          {T.username}
          <input
            name="username"
            autocomplete="username"
            required
            value={username}
            onInput={(e) => setUsername(e.currentTarget.value)}
          />
        </label>
        <label>
          {T.password}
          <input
            name="password"
            type="password"
            autocomplete="current-password"
            required
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </label>
        {error && (
          <p class="alert" role="alert">
            {error}
          </p>
        )}
        <button type="submit" class="primary" disabled={busy}>
          {busy ? T.busy : T.submit}
        </button>
        <p class="muted">{T.noAccount}</p>
      </form>
    </main>
  );
}
