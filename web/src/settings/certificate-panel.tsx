/** The certificate that signs the invoices, and the import of the seller's .p12 with its password. */
import { useEffect, useState } from 'preact/hooks';
import { api, call, newIdempotencyKey } from '../api/client';
import type { Schema } from '../api/types';
import { FieldError, FormError } from '../base/field-error';
import { date } from '../base/format';
import { T } from './strings';

type Certificate = Schema<'/api/v1/signing/certificate', 'get'>;

function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export function CertificatePanel({ onImported }: { onImported: () => void }) {
  const [certificate, setCertificate] = useState<Certificate>();
  const [file, setFile] = useState<File>();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    call(api.GET('/api/v1/signing/certificate')).then(setCertificate, setError);
  }, []);
  const submit = async (event: Event) => {
    event.preventDefault();
    if (!file || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const pkcs12 = await base64Of(file);
      setCertificate(
        await call(
          api.POST('/api/v1/signing/certificate', {
            body: { pkcs12, password },
            headers: { 'x-idempotency-key': newIdempotencyKey() },
          }),
        ),
      );
      setPassword('');
      onImported();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="panel" onSubmit={submit} noValidate aria-labelledby="certificate-title">
      <h2 id="certificate-title">{T.certificate}</h2>
      {certificate && (
        <dl class="facts">
          <dt>{T.certificate}</dt>
          <dd>{certificate.certificate === 'demo' ? T.certDemo : T.certImported}</dd>
          <dt>{T.subject}</dt>
          <dd translate={false}>{certificate.subject}</dd>
          <dt>{T.validity}</dt>
          <dd>
            {date(certificate.validFrom)} – {date(certificate.validTo)}
          </dd>
        </dl>
      )}
      <div class="row">
        <div>
          <label for="p12-file">{T.p12}</label>
          <input
            id="p12-file"
            type="file"
            accept=".p12,.pfx,application/x-pkcs12"
            aria-describedby="p12-file-error"
            onChange={(e) => setFile(e.currentTarget.files?.[0])}
          />
          <FieldError error={error} field="pkcs12" id="p12-file-error" />
        </div>
        <div>
          <label for="p12-password">{T.p12Password}</label>
          <input
            id="p12-password"
            type="password"
            autocomplete="off"
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </div>
        <button type="submit" disabled={!file || busy}>
          {T.import}
        </button>
      </div>
      <FormError error={error} fields={['pkcs12']} />
    </form>
  );
}
