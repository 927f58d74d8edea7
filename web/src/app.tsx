/**
 * The console's shell: sign-in when there is no session, otherwise the navigation the role may use and the
 * screen of the URL. A screen the role may not use is refused here as well as by the node.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, call, newIdempotencyKey } from './api/client';
import { signOut, useSession } from './auth/session';
import { SignInPage } from './auth/sign-in-page';
import { T } from './auth/strings';
import { lazy } from './base/lazy';
import { match, navigate, onLinkClick, useLocation } from './base/router';
import { useStoreConfig } from './base/store-config';
import { allowed, homeOf, ROLE_NAMES, SCREENS, type ScreenName } from './screens';

const TodayPage = lazy(() => import('./today/today-page').then((m) => m.TodayPage));
const TillPage = lazy(() => import('./till/till-page').then((m) => m.TillPage));
const InvoicesPage = lazy(() => import('./invoices/invoices-page').then((m) => m.InvoicesPage));
const InvoicePage = lazy(() => import('./invoices/invoice-page').then((m) => m.InvoicePage));
const ReceiptPage = lazy(() => import('./invoices/receipt').then((m) => m.ReceiptPage));
const ShiftsPage = lazy(() => import('./shifts/shifts-page').then((m) => m.ShiftsPage));
const EndOfDayPage = lazy(() => import('./endofday/end-of-day-page').then((m) => m.EndOfDayPage));
const CustomersPage = lazy(() => import('./customers/customers-page').then((m) => m.CustomersPage));
const CustomerPage = lazy(() => import('./customers/customer-page').then((m) => m.CustomerPage));
const CataloguePage = lazy(() => import('./catalogue/catalogue-page').then((m) => m.CataloguePage));
const ReportsPage = lazy(() => import('./reports/reports-page').then((m) => m.ReportsPage));
const SettingsPage = lazy(() => import('./settings/settings-page').then((m) => m.SettingsPage));
const GoingLivePage = lazy(() => import('./golive/going-live-page').then((m) => m.GoingLivePage));
const UsersPage = lazy(() => import('./users/users-page').then((m) => m.UsersPage));

/** The node forgets the token (POST /auth/logout), then the tab does; offline, the tab forgets it anyway. */
function leave(): void {
  call(api.POST('/api/v1/auth/logout', { body: {}, headers: { 'x-idempotency-key': newIdempotencyKey() } }))
    .catch(() => {})
    .finally(signOut);
}

function screenOf(path: string): { name: ScreenName; params: Record<string, string> } | undefined {
  for (const [name, screen] of Object.entries(SCREENS)) {
    const params = match(screen.path, path);
    if (params) return { name: name as ScreenName, params };
  }
  return undefined;
}

function Content({ name, params }: { name: ScreenName; params: Record<string, string> }) {
  const id = params.id ?? '';
  switch (name) {
    case 'today':
      return <TodayPage />;
    case 'till':
      return <TillPage />;
    case 'invoices':
      return <InvoicesPage />;
    case 'invoice':
      return <InvoicePage id={id} />;
    case 'receipt':
      return <ReceiptPage id={id} />;
    case 'shifts':
      return <ShiftsPage />;
    case 'endOfDay':
      return <EndOfDayPage />;
    case 'customers':
      return <CustomersPage />;
    case 'customer':
      return <CustomerPage id={id} />;
    case 'catalogue':
      return <CataloguePage />;
    case 'reports':
      return <ReportsPage />;
    case 'settings':
      return <SettingsPage />;
    case 'goingLive':
      return <GoingLivePage />;
    case 'users':
      return <UsersPage />;
  }
}

export function App() {
  const session = useSession();
  const { path, query } = useLocation();
  const config = useStoreConfig(session);
  const found = screenOf(path);
  const mustSignIn = !session && path !== '/login';
  // On a phone the navigation is a menu under the top bar, closed again by each navigation.
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [path]);

  useEffect(() => {
    if (mustSignIn)
      navigate(`/login?next=${encodeURIComponent(path + (query.size ? `?${query}` : ''))}`, { replace: true });
    else if (session && path === '/' && session.role === 'cashier') navigate(homeOf(session.role), { replace: true });
  }, [mustSignIn, session, path, query]);

  if (path === '/login' || !session) return <SignInPage />;
  const screen = found ? SCREENS[found.name] : undefined;
  const title = screen?.label ?? 'Không tìm thấy';
  document.title = `${title} – hoadon`;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: one delegated listener turns in-app links into navigation
    // biome-ignore lint/a11y/useKeyWithClickEvents: links keep their own keyboard behaviour; this only intercepts
    <div class="shell" onClick={onLinkClick}>
      <a class="skip" href="#main">
        Chuyển đến nội dung
      </a>
      <header class="top">
        <span class="brand">hoadon</span>
        <span class="store">{config?.storeName ?? ''}</span>
        <span class="who">
          {T.signedInAs} <strong translate={false}>{session.username}</strong> ({ROLE_NAMES[session.role]})
        </span>
        <button type="button" onClick={leave}>
          {T.signOut}
        </button>
        <button
          type="button"
          class="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {T.menu}
        </button>
      </header>
      <nav id="main-nav" aria-label="Chức năng" class={menuOpen ? 'open' : undefined}>
        <ul>
          {Object.values(SCREENS)
            .filter((s) => s.nav && allowed(s, session.role))
            .map((s) => (
              <li key={s.path}>
                <a href={s.path} aria-current={screen === s ? 'page' : undefined}>
                  {s.label}
                </a>
              </li>
            ))}
        </ul>
      </nav>
      <main id="main" tabIndex={-1}>
        {!found || !screen ? (
          <h1>Không tìm thấy trang này</h1>
        ) : !allowed(screen, session.role) ? (
          <section>
            <h1>{screen.label}</h1>
            <p class="alert" role="alert">
              Vai trò {ROLE_NAMES[session.role]} không được dùng chức năng này.
            </p>
          </section>
        ) : (
          <Content name={found.name} params={found.params} />
        )}
      </main>
    </div>
  );
}
