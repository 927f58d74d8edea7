/**
 * Step 4: the tờ khai 01/ĐKTĐ-HĐĐT sent through the T-VAN and followed to the authority's answer, then the 5
 * characters of cash-register codes when its acceptance did not carry them.
 */
import { useState } from 'preact/hooks';
import { api, call, newIdempotencyKey } from '../api/client';
import type { Schema } from '../api/types';
import { FieldError, FormError } from '../base/field-error';
import { dateTime } from '../base/format';
import { T } from './strings';

type Steps = Schema<'/api/v1/going-live', 'get'>;

const FIELDS = [
  ['taxOfficeCode', T.taxOfficeCode],
  ['taxOfficeName', T.taxOfficeName],
  ['place', T.place],
  ['contactName', T.contactName],
  ['contactAddress', T.contactAddress],
  ['contactEmail', T.contactEmail],
  ['contactPhone', T.contactPhone],
] as const;
type Field = (typeof FIELDS)[number][0];

export function RegistrationForm({ steps, onChanged }: { steps: Steps; onChanged: () => void }) {
  const [values, setValues] = useState<Record<Field, string>>({
    taxOfficeCode: '',
    taxOfficeName: '',
    place: '',
    contactName: '',
    contactAddress: '',
    contactEmail: '',
    contactPhone: '',
  });
  const [prefix, setPrefix] = useState('');
  const [error, setError] = useState<unknown>();
  const [prefixError, setPrefixError] = useState<unknown>();
  const { registration } = steps;
  // A trial's acceptance (the embedded simulator's) is not the authority's: the tờ khai goes again to the real T-VAN.
  const trial = registration.simulated && registration.state === 'accepted';
  const canSend = steps.tvan.done && (registration.state === 'none' || registration.state === 'refused' || trial);

  const send = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    try {
      await call(
        api.POST('/api/v1/transmission/registration', {
          body: values,
          headers: { 'x-idempotency-key': newIdempotencyKey() },
        }),
      );
      onChanged();
    } catch (caught) {
      setError(caught);
    }
  };
  const savePrefix = async (event: Event) => {
    event.preventDefault();
    setPrefixError(undefined);
    try {
      await call(
        api.PUT('/api/v1/transmission/registration/cash-register-prefix', {
          body: { prefix: prefix.trim().toUpperCase() },
        }),
      );
      onChanged();
    } catch (caught) {
      setPrefixError(caught);
    }
  };

  return (
    <>
      <p class="muted">{T.registrationHow}</p>
      <dl class="facts">
        <dt>{T.registrationState}</dt>
        <dd data-testid="registration-state">
          {trial ? T.registrationTrial : T.registrationStates[registration.state]}
          {registration.updatedAt ? ` (${dateTime(registration.updatedAt)})` : ''}
        </dd>
        {registration.reason && (
          <>
            <dt>{T.registrationReason}</dt>
            <dd data-testid="registration-reason">{registration.reason}</dd>
          </>
        )}
      </dl>
      {trial && <p data-testid="registration-trial">{T.registrationTrialHow}</p>}
      {canSend && (
        <form noValidate onSubmit={send} aria-label={T.registration}>
          <div class="cards">
            {FIELDS.map(([field, label]) => (
              <div key={field}>
                <label for={`reg-${field}`}>{label}</label>
                <input
                  id={`reg-${field}`}
                  value={values[field]}
                  aria-describedby={`reg-${field}-error`}
                  onInput={(e) => setValues({ ...values, [field]: e.currentTarget.value })}
                />
                <FieldError error={error} field={field} id={`reg-${field}-error`} />
              </div>
            ))}
          </div>
          <FormError error={error} fields={FIELDS.map(([field]) => field)} />
          <button type="submit" class="primary">
            {registration.state === 'refused' || trial ? T.sendAgain : T.send}
          </button>
        </form>
      )}
      {registration.done &&
        (steps.cashRegisterPrefix.done ? (
          <p>{T.prefixDone(steps.cashRegisterPrefix.prefix ?? '')}</p>
        ) : (
          <form noValidate onSubmit={savePrefix} aria-label={T.prefixSave}>
            <p>{T.prefixHow}</p>
            <div class="row">
              <div>
                <label for="cash-register-prefix">{T.prefix}</label>
                <input
                  id="cash-register-prefix"
                  maxLength={5}
                  translate={false}
                  value={prefix}
                  aria-describedby="cash-register-prefix-error"
                  onInput={(e) => setPrefix(e.currentTarget.value)}
                />
                <FieldError error={prefixError} field="prefix" id="cash-register-prefix-error" />
              </div>
              <button type="submit" class="primary">
                {T.prefixSave}
              </button>
            </div>
            <FormError error={prefixError} fields={['prefix']} />
          </form>
        ))}
    </>
  );
}
