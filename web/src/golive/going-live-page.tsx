/**
 * "Bắt đầu xuất hóa đơn thật" for an admin: the five steps of going live, each with its state and what to
 * do, read from GET /going-live and read again after each step (docs/console.md).
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client';
import type { Schema } from '../api/types';
import { FormError } from '../base/field-error';
import { CertificatePanel } from '../settings/certificate-panel';
import { StoreForm } from '../settings/store-form';
import { RegistrationForm } from './registration-form';
import { T } from './strings';
import { TokenForm } from './token-form';
import { TvanForm } from './tvan-form';

type Steps = Schema<'/api/v1/going-live', 'get'>;

function Step({
  id,
  title,
  done,
  children,
}: {
  id: string;
  title: string;
  done: boolean;
  children: ComponentChildren;
}) {
  return (
    <li class="panel step" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {title}{' '}
        <span class={done ? 'badge good' : 'badge'} data-testid={`${id}-state`}>
          {done ? T.done : T.todo}
        </span>
      </h2>
      {children}
    </li>
  );
}

export function GoingLivePage() {
  const [steps, setSteps] = useState<Steps>();
  const [error, setError] = useState<unknown>();
  const refresh = () => {
    call(api.GET('/api/v1/going-live', { headers: { 'cache-control': 'no-cache' } })).then(setSteps, setError);
  };
  useEffect(refresh, []);
  const live = steps?.mode === 'live';

  return (
    <section aria-labelledby="going-live-title">
      <h1 id="going-live-title">{T.title}</h1>
      <p>{T.intro}</p>
      <FormError error={error} />
      <button type="button" onClick={refresh}>
        {T.refresh}
      </button>
      {steps && (
        <ol class="steps">
          <Step id="step-seller" title={T.seller} done={steps.seller.done}>
            {steps.seller.done ? <p>{T.sellerDone(steps.seller.name, steps.seller.mst)}</p> : <p>{T.sellerHow}</p>}
            <StoreForm demo={false} onSaved={refresh} />
          </Step>
          <Step id="step-signature" title={T.signature} done={steps.certificate.done}>
            {steps.certificate.done ? (
              <p>{T.signatureDone(steps.certificate.subject, steps.certificate.source === 'token')}</p>
            ) : (
              <p>{T.signatureHow}</p>
            )}
            <CertificatePanel onImported={refresh} />
            <TokenForm onUsed={refresh} />
          </Step>
          <Step id="step-tvan" title={T.tvan} done={steps.tvan.done}>
            <TvanForm tvan={steps.tvan} onSaved={refresh} />
          </Step>
          <Step
            id="step-registration"
            title={T.registration}
            done={steps.registration.done && steps.cashRegisterPrefix.done}
          >
            <RegistrationForm steps={steps} onChanged={refresh} />
          </Step>
          <Step id="step-ready" title={T.ready} done={live}>
            {live ? (
              <>
                <p data-testid="ready">{T.readyDone}</p>
                <ul>
                  {T.readyChanges.map((change) => (
                    <li key={change}>{change}</li>
                  ))}
                </ul>
              </>
            ) : (
              <p>{T.readyTodo}</p>
            )}
          </Step>
        </ol>
      )}
    </section>
  );
}
