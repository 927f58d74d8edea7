export function ReportsPage() {
  return <h1>Báo cáo</h1>;
}
