export function EndOfDayPage() {
  return <h1>Chốt ca cuối ngày</h1>;
}
