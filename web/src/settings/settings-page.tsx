export function SettingsPage() {
  return <h1>Cài đặt</h1>;
}
