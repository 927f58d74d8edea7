export function InvoicesPage() {
  return <h1>Hóa đơn</h1>;
}
