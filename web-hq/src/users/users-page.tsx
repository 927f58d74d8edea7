/** Người dùng (owner only): HQ's users with their roles and stores; add one, lock or unlock, set a password. */
import { useState } from 'preact/hooks';
import { date } from '../../../web/src/base/format';
import { Table } from '../../../web/src/base/table';
import { api, call, type HqUser } from '../api/client';
import { Shown, useLoad } from '../load';
import { ROLE_NAMES } from '../strings';

const T = {
  title: 'Người dùng',
  username: 'Tên đăng nhập',
  role: 'Vai trò',
  stores: 'Cửa hàng được xem',
  storesHint: 'Mã cửa hàng, cách nhau bằng dấu phẩy (chỉ cho quản lý cửa hàng)',
  password: 'Mật khẩu (ít nhất 8 ký tự)',
  add: 'Thêm người dùng',
  state: 'Tình trạng',
  created: 'Ngày tạo',
  actions: 'Thao tác',
  active: 'Đang dùng',
  locked: 'Đã khóa',
  lock: 'Khóa',
  unlock: 'Mở khóa',
  all: 'Tất cả',
  added: (name: string) => `Đã thêm người dùng ${name}.`,
  empty: 'Chưa có người dùng nào: thêm người dùng bằng biểu mẫu trên hoặc lệnh hoadon hq user add.',
};

const ROLES = ['owner', 'accountant', 'manager'] as const;

export function UsersPage() {
  const [loaded, retry] = useLoad(() => call(api.GET('/hq/v1/users')), []);
  const [form, setForm] = useState({ username: '', role: 'accountant' as HqUser['role'], stores: '', password: '' });
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');

  async function add(event: Event) {
    event.preventDefault();
    setError('');
    setMessage('');
    try {
      const stores = form.stores
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const created = await call(
        api.POST('/hq/v1/users', {
          body: {
            username: form.username.trim(),
            role: form.role,
            password: form.password,
            ...(stores.length ? { stores } : {}),
          },
        }),
      );
      setMessage(T.added(created.username));
      setForm({ username: '', role: 'accountant', stores: '', password: '' });
      retry();
    } catch (problem) {
      setError((problem as Error).message);
    }
  }

  async function toggle(user: HqUser) {
    setError('');
    try {
      await call(
        api.PUT('/hq/v1/users/{username}/disabled', {
          params: { path: { username: user.username } },
          body: { disabled: !user.disabled },
        }),
      );
      retry();
    } catch (problem) {
      setError((problem as Error).message);
    }
  }

  return (
    <section>
      <h1>{T.title}</h1>
      <form class="filters row" onSubmit={add}>
        <label>
          {T.username}
          <input
            required
            value={form.username}
            onInput={(e) => setForm({ ...form, username: e.currentTarget.value })}
          />
        </label>
        <label>
          {T.role}
          <select
            value={form.role}
            onChange={(e) => setForm({ ...form, role: e.currentTarget.value as HqUser['role'] })}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_NAMES[r]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {T.stores}
          <input
            value={form.stores}
            aria-describedby="stores-hint"
            onInput={(e) => setForm({ ...form, stores: e.currentTarget.value })}
          />
          <span id="stores-hint" class="muted">
            {T.storesHint}
          </span>
        </label>
        <label>
          {T.password}
          <input
            type="password"
            autocomplete="new-password"
            required
            value={form.password}
            onInput={(e) => setForm({ ...form, password: e.currentTarget.value })}
          />
        </label>
        <button type="submit" class="primary">
          {T.add}
        </button>
      </form>
      {message && (
        <p class="notice" role="status">
          {message}
        </p>
      )}
      {error && (
        <p class="alert" role="alert">
          {error}
        </p>
      )}
      <Shown loaded={loaded} retry={retry}>
        {(users) =>
          users.length === 0 ? (
            <p class="notice">{T.empty}</p>
          ) : (
            <Table
              caption={T.title}
              columns={[
                { label: T.username },
                { label: T.role },
                { label: T.stores },
                { label: T.state },
                { label: T.created },
                { label: T.actions, hidden: true },
              ]}
              rows={users}
              rowKey={(u) => u.id}
              cells={(u) => [
                <span key="u" translate={false}>
                  {u.username}
                </span>,
                ROLE_NAMES[u.role],
                u.role === 'manager' ? u.stores.join(', ') : T.all,
                u.disabled ? T.locked : T.active,
                date(u.createdAt),
                <button key="b" type="button" onClick={() => toggle(u)}>
                  {u.disabled ? T.unlock : T.lock}
                </button>,
              ]}
            />
          )
        }
      </Shown>
    </section>
  );
}
