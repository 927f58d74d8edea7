export function InvoicePage({ id }: { id: string }) {
  return <h1>Hóa đơn {id}</h1>;
}
