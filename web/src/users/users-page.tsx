export function UsersPage() {
  return <h1>Người dùng</h1>;
}
