export function CustomersPage() {
  return <h1>Khách hàng</h1>;
}
