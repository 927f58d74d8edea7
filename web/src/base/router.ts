/**
 * URL routing on the History API: every screen has a path that survives a reload and the back button.
 * `usePath()` re-renders on navigation; `match()` reads `:parameters` from a pattern.
 */
import { useEffect, useState } from 'preact/hooks';

const EVENT = 'hoadon:navigate';

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  dispatchEvent(new Event(EVENT));
}

export interface Location {
  path: string;
  query: URLSearchParams;
}

function here(): Location {
  return { path: location.pathname, query: new URLSearchParams(location.search) };
}

export function useLocation(): Location {
  const [where, setWhere] = useState(here);
  useEffect(() => {
    const update = () => setWhere(here());
    addEventListener('popstate', update);
    addEventListener(EVENT, update);
    return () => {
      removeEventListener('popstate', update);
      removeEventListener(EVENT, update);
    };
  }, []);
  return where;
}

/** `/invoices/:id` against `/invoices/abc` → `{ id: 'abc' }`; undefined when it does not match. */
export function match(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const have = path.split('/');
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const actual = have[i] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(actual);
    else if (part !== actual) return undefined;
  }
  return params;
}

/** Replaces the query of the current URL (filters, page) without a new history entry per keystroke. */
export function setQuery(
  values: Record<string, string | number | undefined>,
  options: { replace?: boolean } = {},
): void {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  const search = query.toString();
  navigate(`${location.pathname}${search ? `?${search}` : ''}`, options);
}

/** Same-origin links navigate in the page; a modified click (new tab) stays the browser's. */
export function onLinkClick(event: MouseEvent): void {
  const anchor = (event.target as HTMLElement).closest('a');
  if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const url = new URL(anchor.href);
  if (url.origin !== location.origin || url.pathname.startsWith('/api/')) return;
  event.preventDefault();
  navigate(url.pathname + url.search);
}
