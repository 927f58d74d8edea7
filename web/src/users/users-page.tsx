/** Users for an admin: add one with a role, change the role, disable or enable, set a new password. */
import { useEffect, useState } from 'preact/hooks';
import { api, call, newIdempotencyKey } from '../api/client';
import type { Schema } from '../api/types';
import type { Role } from '../auth/session';
import { FieldError, FormError } from '../base/field-error';
import { date } from '../base/format';
import { Table } from '../base/table';
import { ROLE_NAMES } from '../screens';

const T = {
  title: 'Người dùng',
  add: 'Thêm người dùng',
  username: 'Tên đăng nhập',
  role: 'Vai trò',
  password: 'Mật khẩu (ít nhất 8 ký tự)',
  create: 'Thêm',
  state: 'Trạng thái',
  active: 'Đang hoạt động',
  disabled: 'Đã khóa',
  createdAt: 'Ngày tạo',
  disable: 'Khóa',
  enable: 'Mở khóa',
  newPassword: 'Mật khẩu mới',
  setPassword: 'Đặt mật khẩu',
  roleOf: (u: string) => `Vai trò của ${u}`,
  passwordOf: (u: string) => `Mật khẩu mới cho ${u}`,
  done: 'Đã lưu.',
};

type User = Schema<'/api/v1/users', 'get'>[number];

export function UsersPage() {
  const [users, setUsers] = useState<User[]>([]);
  const [error, setError] = useState<unknown>();
  const [addError, setAddError] = useState<unknown>();
  const [draft, setDraft] = useState({ username: '', role: 'cashier' as Role, password: '' });
  const [passwords, setPasswords] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const load = () => call(api.GET('/api/v1/users')).then(setUsers, setError);
  useEffect(() => {
    void load();
  }, []);

  const act = async (work: () => Promise<unknown>) => {
    setError(undefined);
    setStatus('');
    try {
      await work();
      setStatus(T.done);
      await load();
    } catch (caught) {
      setError(caught);
    }
  };
  const update = (username: string, body: { role?: Role; disabled?: boolean }) =>
    act(() => call(api.PATCH('/api/v1/users/{username}', { params: { path: { username } }, body })));
  const setPassword = (username: string) =>
    act(async () => {
      await call(
        api.POST('/api/v1/users/{username}/password', {
          params: { path: { username } },
          body: { password: passwords[username] ?? '' },
          headers: { 'x-idempotency-key': newIdempotencyKey() },
        }),
      );
      setPasswords({ ...passwords, [username]: '' });
    });
  const add = async (event: Event) => {
    event.preventDefault();
    setAddError(undefined);
    try {
      await call(api.POST('/api/v1/users', { body: draft, headers: { 'x-idempotency-key': newIdempotencyKey() } }));
      setDraft({ username: '', role: 'cashier', password: '' });
      await load();
    } catch (caught) {
      setAddError(caught);
    }
  };

  return (
    <section aria-labelledby="users-title">
      <h1 id="users-title">{T.title}</h1>
      <FormError error={error} />
      <p role="status">{status}</p>
      <Table
        columns={[
          { label: T.username },
          { label: T.role },
          { label: T.state },
          { label: T.createdAt },
          { label: T.newPassword },
        ]}
        rows={users}
        rowKey={(u) => u.id}
        cells={(u) => [
          <span key="name" translate={false}>
            {u.username}
          </span>,
          <select
            key="role"
            aria-label={T.roleOf(u.username)}
            value={u.role}
            onChange={(e) => update(u.username, { role: e.currentTarget.value as Role })}
          >
            {Object.entries(ROLE_NAMES).map(([role, name]) => (
              <option key={role} value={role}>
                {name}
              </option>
            ))}
          </select>,
          <>
            {u.disabled ? T.disabled : T.active}{' '}
            <button type="button" onClick={() => update(u.username, { disabled: !u.disabled })}>
              {u.disabled ? T.enable : T.disable}
            </button>
          </>,
          date(u.createdAt),
          <span key="password" class="row">
            <input
              type="password"
              autocomplete="new-password"
              aria-label={T.passwordOf(u.username)}
              value={passwords[u.username] ?? ''}
              onInput={(e) => setPasswords({ ...passwords, [u.username]: e.currentTarget.value })}
            />
            <button type="button" disabled={!passwords[u.username]} onClick={() => setPassword(u.username)}>
              {T.setPassword}
            </button>
          </span>,
        ]}
      />
      <form class="panel" onSubmit={add} noValidate aria-labelledby="add-user-title">
        <h2 id="add-user-title">{T.add}</h2>
        <div class="row">
          <div>
            <label for="new-username">{T.username}</label>
            <input
              id="new-username"
              autocomplete="off"
              value={draft.username}
              aria-describedby="new-username-error"
              onInput={(e) => setDraft({ ...draft, username: e.currentTarget.value })}
            />
            <FieldError error={addError} field="username" id="new-username-error" />
          </div>
          <div>
            <label for="new-role">{T.role}</label>
            <select
              id="new-role"
              value={draft.role}
              onChange={(e) => setDraft({ ...draft, role: e.currentTarget.value as Role })}
            >
              {Object.entries(ROLE_NAMES).map(([role, name]) => (
                <option key={role} value={role}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label for="new-password">{T.password}</label>
            <input
              id="new-password"
              type="password"
              autocomplete="new-password"
              value={draft.password}
              aria-describedby="new-password-error"
              onInput={(e) => setDraft({ ...draft, password: e.currentTarget.value })}
            />
            <FieldError error={addError} field="password" id="new-password-error" />
          </div>
          <button type="submit" class="primary">
            {T.create}
          </button>
        </div>
        <FormError error={addError} fields={['username', 'password']} />
      </form>
    </section>
  );
}
