export function TodayPage() {
  return <h1>Hôm nay</h1>;
}
