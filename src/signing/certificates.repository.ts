import type Database from 'better-sqlite3';

export interface KeptCertificate {
  fingerprint: string;
  serial: string;
  subject: string;
  issuer: string;
  notBefore: string;
  notAfter: string;
  source: 'demo' | 'file' | 'token';
  trusted: boolean;
  pem: string;
  addedAt: string;
}

/** The history of signing certificates: a certificate is added once and never changed. */
export function createCertificatesRepository(sqlite: Database.Database) {
  const add = sqlite.prepare<[Omit<KeptCertificate, 'trusted'> & { trusted: number }]>(
    `INSERT INTO signing_certificates (fingerprint, serial, subject, issuer, not_before, not_after, source, trusted, pem, added_at)
     VALUES (@fingerprint, @serial, @subject, @issuer, @notBefore, @notAfter, @source, @trusted, @pem, @addedAt)
     ON CONFLICT (fingerprint) DO NOTHING`,
  );
  const columns = `fingerprint, serial, subject, issuer, not_before AS notBefore, not_after AS notAfter, source,
    trusted, pem, added_at AS addedAt`;
  const all = sqlite.prepare<[], Omit<KeptCertificate, 'trusted'> & { trusted: number }>(
    `SELECT ${columns} FROM signing_certificates ORDER BY added_at, fingerprint`,
  );
  const inUseAt = sqlite.prepare<[string], Omit<KeptCertificate, 'trusted'> & { trusted: number }>(
    `SELECT ${columns} FROM signing_certificates WHERE added_at <= ? ORDER BY added_at DESC, fingerprint LIMIT 1`,
  );
  const read = (row: Omit<KeptCertificate, 'trusted'> & { trusted: number }): KeptCertificate => ({
    ...row,
    trusted: row.trusted === 1,
  });
  return {
    add: (certificate: KeptCertificate) => {
      add.run({ ...certificate, trusted: certificate.trusted ? 1 : 0 });
    },
    all: () => all.all().map(read),
    /** The certificate that signed at `at` (ISO time): the last one taken before it. */
    inUseAt: (at: string): KeptCertificate | undefined => {
      const row = inUseAt.get(at);
      return row && read(row);
    },
  };
}

export type CertificatesRepository = ReturnType<typeof createCertificatesRepository>;
