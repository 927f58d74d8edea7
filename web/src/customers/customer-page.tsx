export function CustomerPage({ id }: { id: string }) {
  return <h1>Khách hàng {id}</h1>;
}
