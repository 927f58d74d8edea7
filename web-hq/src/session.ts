/**
 * Who is signed in: asked of HQ (GET /hq/v1/session) when the console opens, since the session itself is an
 * HttpOnly cookie the page cannot read. A 401 anywhere ends it.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, call, type Session, whenSignedOut } from './api/client';

type State = { loading: true } | { loading: false; session: Session | undefined };

let listeners: ((state: State) => void)[] = [];
let current: State = { loading: true };

function set(state: State) {
  current = state;
  for (const listener of listeners) listener(state);
}

export function setSession(session: Session | undefined) {
  set({ loading: false, session });
}

whenSignedOut(() => setSession(undefined));

let asked = false;
export function useSession(): State {
  const [state, setState] = useState(current);
  useEffect(() => {
    listeners.push(setState);
    if (!asked) {
      asked = true;
      call(api.GET('/hq/v1/session'))
        .then((session) => setSession(session))
        .catch(() => setSession(undefined));
    }
    return () => {
      listeners = listeners.filter((l) => l !== setState);
    };
  }, []);
  return state;
}

export async function signOut() {
  await call(api.DELETE('/hq/v1/session')).catch(() => undefined);
  setSession(undefined);
}
