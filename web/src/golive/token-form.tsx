/**
 * Step 2 with a USB token: a driver found on the store's machine, then the tokens it sees with the
 * certificates each shows before any PIN (GET /signing/token/tokens), then the PIN of the one chosen. The
 * owner picks by the certificate's company and MST, so that no PIN try is spent on the wrong token.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, call, newIdempotencyKey } from '../api/client';
import type { Schema } from '../api/types';
import { FieldError, FormError } from '../base/field-error';
import { date } from '../base/format';
import { T } from './strings';

type Module = Schema<'/api/v1/signing/token/modules', 'get'>[number];
type Token = Schema<'/api/v1/signing/token/tokens', 'get'>[number];

/** One choice: a certificate on a token, or a token that shows none before its PIN. */
interface Choice {
  id: string;
  token: string;
  keyId?: string;
  text: string;
  locked: boolean;
}

const choicesOf = (tokens: Token[]): Choice[] =>
  tokens.flatMap((t) =>
    t.certificates.length === 0
      ? [{ id: t.label, token: t.label, text: T.tokenWithoutCertificate(t.label), locked: t.pinLocked }]
      : t.certificates.map((c) => ({
          id: `${t.label}\n${c.keyId}`,
          token: t.label,
          keyId: c.keyId,
          text: T.tokenCertificate(t.label, c.subject, c.mst, date(c.validTo)),
          locked: t.pinLocked,
        })),
  );

export function TokenForm({ onUsed }: { onUsed: () => void }) {
  const [modules, setModules] = useState<Module[]>();
  const [module, setModule] = useState('');
  const [choices, setChoices] = useState<Choice[]>();
  const [chosen, setChosen] = useState<Choice>();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    call(api.GET('/api/v1/signing/token/modules')).then((found) => {
      setModules(found);
      setModule(found[0]?.path ?? '');
    }, setError);
  }, []);
  const look = async () => {
    setChoices(undefined);
    setChosen(undefined);
    if (!module) return;
    try {
      const found = choicesOf(await call(api.GET('/api/v1/signing/token/tokens', { params: { query: { module } } })));
      setChoices(found);
      setChosen(found.find((c) => !c.locked));
    } catch (caught) {
      setError(caught);
    }
  };
  // The tokens are looked for again whenever the driver changes.
  useEffect(() => {
    void look();
  }, [module]);
  const submit = async (event: Event) => {
    event.preventDefault();
    if (!chosen) return;
    setError(undefined);
    try {
      await call(
        api.POST('/api/v1/signing/token', {
          body: { module, token: chosen.token, pin, ...(chosen.keyId && { keyId: chosen.keyId }) },
          headers: { 'x-idempotency-key': newIdempotencyKey() },
        }),
      );
      setPin('');
      onUsed();
    } catch (caught) {
      setError(caught);
    }
  };
  return (
    <form class="panel" noValidate onSubmit={submit} aria-labelledby="token-title">
      <h3 id="token-title">{T.tokenTitle}</h3>
      {modules && modules.length === 0 ? (
        <p class="muted">{T.tokenNone}</p>
      ) : (
        <>
          <div>
            <label for="token-module">{T.tokenModule}</label>
            <select id="token-module" value={module} onChange={(e) => setModule(e.currentTarget.value)}>
              {modules?.map((m) => (
                <option key={m.path} value={m.path}>
                  {m.name}
                </option>
              ))}
            </select>
          </div>
          <fieldset class="token-choices">
            <legend>{T.tokenChoose}</legend>
            {choices?.length === 0 && <p class="muted">{T.tokenNotPlugged}</p>}
            {choices?.map((c) => (
              <label key={c.id} class="choice">
                <input
                  type="radio"
                  name="token-choice"
                  checked={chosen?.id === c.id}
                  disabled={c.locked}
                  onChange={() => setChosen(c)}
                />
                <span translate={false}>{c.text}</span>
                {c.locked && <span class="muted"> {T.tokenLocked}</span>}
              </label>
            ))}
            <button type="button" onClick={() => void look()}>
              {T.tokenLookAgain}
            </button>
            <FieldError error={error} field="token" id="token-choice-error" />
          </fieldset>
          <div>
            <label for="token-pin">{T.tokenPin}</label>
            <input
              id="token-pin"
              type="password"
              inputMode="numeric"
              autocomplete="off"
              value={pin}
              onInput={(e) => setPin(e.currentTarget.value)}
            />
          </div>
        </>
      )}
      <FormError error={error} fields={['token']} />
      {chosen && (
        <button type="submit" class="primary">
          {T.tokenUse}
        </button>
      )}
    </form>
  );
}
