import type Database from 'better-sqlite3';

export interface KeptCertificate {
  fingerprint: string;
  serial: string;
  subject: string;
  issuer: string;
  notBefore: string;
  notAfter: string;
  source: 'demo' | 'file' | 'token';
  pem: string;
  addedAt: string;
}

/** The history of signing certificates: a certificate is added once and never changed. */
export function createCertificatesRepository(sqlite: Database.Database) {
  const add = sqlite.prepare<[KeptCertificate]>(
    `INSERT INTO signing_certificates (fingerprint, serial, subject, issuer, not_before, not_after, source, pem, added_at)
     VALUES (@fingerprint, @serial, @subject, @issuer, @notBefore, @notAfter, @source, @pem, @addedAt)
     ON CONFLICT (fingerprint) DO NOTHING`,
  );
  const all = sqlite.prepare<[], KeptCertificate>(
    `SELECT fingerprint, serial, subject, issuer, not_before AS notBefore, not_after AS notAfter, source, pem,
       added_at AS addedAt FROM signing_certificates ORDER BY added_at, fingerprint`,
  );
  return {
    add: (certificate: KeptCertificate) => {
      add.run(certificate);
    },
    all: () => all.all(),
  };
}

export type CertificatesRepository = ReturnType<typeof createCertificatesRepository>;
