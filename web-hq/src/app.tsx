/**
 * The HQ console's shell: sign-in when there is no session, otherwise the navigation the role may use and the
 * screen of the URL. HQ checks every role and store again on the server (docs/hq.md "Users and roles").
 */
import { useEffect, useState } from 'preact/hooks';
import { lazy } from '../../web/src/base/lazy';
import { match, onLinkClick, useLocation } from '../../web/src/base/router';
import { allowed, SCREENS, type ScreenName } from './screens';
import { signOut, useSession } from './session';
import { SignInPage } from './sign-in-page';
import { ROLE_NAMES, T } from './strings';

const OverviewPage = lazy(() => import('./overview/overview-page').then((m) => m.OverviewPage));
const StoresPage = lazy(() => import('./stores/stores-page').then((m) => m.StoresPage));
const StorePage = lazy(() => import('./stores/store-page').then((m) => m.StorePage));
const InvoicesPage = lazy(() => import('./invoices/invoices-page').then((m) => m.InvoicesPage));
const InvoicePage = lazy(() => import('./invoices/invoice-page').then((m) => m.InvoicePage));
const TaxProblemsPage = lazy(() => import('./tax-problems/tax-problems-page').then((m) => m.TaxProblemsPage));
const CataloguePage = lazy(() => import('./catalogue/catalogue-page').then((m) => m.CataloguePage));
const UsersPage = lazy(() => import('./users/users-page').then((m) => m.UsersPage));

function screenOf(path: string): { name: ScreenName; params: Record<string, string> } | undefined {
  for (const [name, screen] of Object.entries(SCREENS)) {
    const params = match(screen.path, path);
    if (params) return { name: name as ScreenName, params };
  }
  return undefined;
}

function Content({ name, params }: { name: ScreenName; params: Record<string, string> }) {
  switch (name) {
    case 'overview':
      return <OverviewPage />;
    case 'stores':
      return <StoresPage />;
    case 'store':
      return <StorePage id={params.id ?? ''} />;
    case 'invoices':
      return <InvoicesPage />;
    case 'invoice':
      return <InvoicePage storeId={params.store ?? ''} id={params.id ?? ''} />;
    case 'taxProblems':
      return <TaxProblemsPage />;
    case 'catalogue':
      return <CataloguePage />;
    case 'users':
      return <UsersPage />;
  }
}

export function App() {
  const state = useSession();
  const { path } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [path]);

  if (state.loading) return <p aria-live="polite">{T.loading}</p>;
  const session = state.session;
  if (!session) {
    document.title = 'Đăng nhập – hoadon trụ sở';
    return <SignInPage />;
  }
  const found = screenOf(path);
  const screen = found ? SCREENS[found.name] : undefined;
  document.title = `${screen?.label ?? T.notFound} – hoadon trụ sở`;
  const role = session.user.role;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: one delegated listener turns in-app links into navigation
    // biome-ignore lint/a11y/useKeyWithClickEvents: links keep their own keyboard behaviour; this only intercepts
    <div class="shell" onClick={onLinkClick}>
      <a class="skip" href="#main">
        {T.skip}
      </a>
      <header class="top">
        <span class="brand">{T.brand}</span>
        <span class="who">
          {T.signedInAs} <strong translate={false}>{session.user.username}</strong> ({ROLE_NAMES[role]})
        </span>
        <button type="button" onClick={() => void signOut()}>
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
            .filter((s) => s.nav && allowed(s, role))
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
          <h1>{T.notFound}</h1>
        ) : !allowed(screen, role) ? (
          <section>
            <h1>{screen.label}</h1>
            <p class="alert" role="alert">
              {T.notAllowed}
            </p>
          </section>
        ) : (
          <Content name={found.name} params={found.params} />
        )}
      </main>
    </div>
  );
}
