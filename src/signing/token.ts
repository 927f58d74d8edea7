/**
 * The seller's key on a USB token, over PKCS#11 (pkcs11js's addon, loaded by the token thread). The key
 * never leaves the token: the token computes each RSA-SHA256 signature (C_Sign, CKM_SHA256_RSA_PKCS). One
 * session per key, logged in once and reused for every signature; when the token goes away (unplugged, a
 * SoftHSM token deleted) the next use finds out, and the one after it that finds the token again opens a
 * new session: plugging it back in resumes signing without a restart. Runs on the token thread only.
 */
import { readFileSync } from 'node:fs';

/** Which key signs: the PKCS#11 library, the token's label, the key's CKA_ID (hex), the file holding the PIN. */
export interface TokenKeyRef {
  module: string;
  token: string;
  keyId: string;
  pinFile: string;
}

/** Why the token cannot sign now, as a word the signing store turns into an answer. */
export type TokenProblemCode = 'absent' | 'locked' | 'pin' | 'key' | 'module';

export class TokenError extends Error {
  override name = 'TokenError';
  constructor(
    readonly code: TokenProblemCode,
    message: string,
  ) {
    super(message);
  }
}

type Handle = Buffer;

/** The part of pkcs11js's native PKCS11 class used here (the addon itself, without its JavaScript wrapper). */
export interface Pkcs11 {
  load(path: string): void;
  C_Initialize(): void;
  C_Finalize(): void;
  C_GetSlotList(tokenPresent: boolean): Handle[];
  C_GetTokenInfo(slot: Handle): { label: string; serialNumber: string; flags: number };
  C_OpenSession(slot: Handle, flags: number): Handle;
  C_CloseSession(session: Handle): void;
  C_GetSessionInfo(session: Handle): { state: number };
  C_Login(session: Handle, userType: number, pin: string): void;
  C_FindObjectsInit(session: Handle, template: { type: number; value?: unknown }[]): void;
  C_FindObjects(session: Handle, max: number): Handle[];
  C_FindObjectsFinal(session: Handle): void;
  C_GetAttributeValue(session: Handle, object: Handle, template: { type: number }[]): { type: number; value: Buffer }[];
  C_SignInit(session: Handle, mechanism: { mechanism: number }, key: Handle): void;
  C_Sign(session: Handle, data: Buffer, signature: Buffer): number;
}

const CKF_RW_SESSION = 0x2;
const CKF_SERIAL_SESSION = 0x4;
const CKU_USER = 1;
const CKO_CERTIFICATE = 1;
const CKO_PRIVATE_KEY = 3;
const CKA_CLASS = 0x0;
const CKA_VALUE = 0x11;
const CKA_ID = 0x102;
const CKM_SHA256_RSA_PKCS = 0x40;
const CKF_USER_PIN_LOCKED = 0x40000;

/** The PKCS#11 return value's name in a native error ("CKR_PIN_LOCKED:164"). */
const returnValueOf = (error: unknown) => /CKR_[A-Z_]+/.exec(String((error as Error)?.message))?.[0] ?? '';

function problemOf(error: unknown, label: string): TokenError {
  if (error instanceof TokenError) return error;
  const rv = returnValueOf(error);
  if (rv === 'CKR_PIN_LOCKED')
    return new TokenError('locked', `Mã PIN của thiết bị ký số "${label}" đã bị khóa: cần mở khóa bằng mã PUK.`);
  if (rv === 'CKR_PIN_INCORRECT' || rv === 'CKR_PIN_LEN_RANGE' || rv === 'CKR_PIN_INVALID')
    return new TokenError('pin', `Mã PIN của thiết bị ký số "${label}" không đúng.`);
  return new TokenError(
    'absent',
    `Không thấy thiết bị ký số "${label}" (đã rút ra hoặc không đọc được: ${rv || String(error)}).`,
  );
}

interface OpenKey {
  slot: Handle;
  session: Handle;
  key: Handle;
}

function findObjects(p: Pkcs11, session: Handle, template: { type: number; value?: unknown }[]): Handle[] {
  p.C_FindObjectsInit(session, template);
  try {
    return p.C_FindObjects(session, 64);
  } finally {
    p.C_FindObjectsFinal(session);
  }
}

/** A token in a slot, and the certificates it shows before any PIN (certificates are public objects). */
export interface TokenListing {
  label: string;
  serial: string;
  /** The user PIN is locked: only the PUK opens it again. */
  pinLocked: boolean;
  certificates: { keyId: string; certificateDer: string }[];
}

/** What a token holds for the seller: each private key by its id, with the certificate of the same id. */
export interface TokenKeyListing {
  keyId: string;
  certificateDer?: string;
}

export function createTokenSessions(load: () => Pkcs11) {
  /** Each library loaded once (per process: PKCS#11 state is the library's, shared by every session). */
  const libraries = new Map<string, Pkcs11>();
  const open = new Map<string, OpenKey>();
  /** PINs the token refused: never tried again (each try uses one of the token's few), until the file changes. */
  const refusedPins = new Map<string, string>();

  function library(module: string): Pkcs11 {
    let p = libraries.get(module);
    if (!p) {
      p = load();
      try {
        p.load(module);
        p.C_Initialize();
      } catch {
        // Never the loader's own text: it tells whether a file exists and what it holds (docs/security.md, F4).
        throw new TokenError(
          'module',
          `Không nạp được thư viện PKCS#11 ${module}: tệp không có hoặc không phải thư viện PKCS#11 dùng được.`,
        );
      }
      libraries.set(module, p);
    }
    return p;
  }

  /**
   * Forgets every session of `module` and starts the library again: a library reads its slots at
   * C_Initialize (SoftHSM does), so a token put back is seen only by a new one.
   */
  function restart(module: string): void {
    const p = libraries.get(module);
    if (!p) return;
    for (const key of [...open.keys()]) if (key.startsWith(`${module}\n`)) open.delete(key);
    try {
      p.C_Finalize();
    } catch {
      // Already finalised or the device gone: initialising again below is what matters.
    }
    try {
      p.C_Initialize();
    } catch {
      libraries.delete(module);
      throw new TokenError('module', `Không khởi động lại được thư viện PKCS#11 ${module}.`);
    }
  }

  function slotOf(p: Pkcs11, label: string): Handle {
    for (const slot of p.C_GetSlotList(true)) {
      try {
        const info = p.C_GetTokenInfo(slot);
        if (info.label.trim() !== label) continue;
        if (info.flags & CKF_USER_PIN_LOCKED)
          throw new TokenError('locked', `Mã PIN của thiết bị ký số "${label}" đã bị khóa: cần mở khóa bằng mã PUK.`);
        return slot;
      } catch (error) {
        if (error instanceof TokenError) throw error;
        // A slot whose token has just gone answers with an error: not this one.
      }
    }
    throw new TokenError('absent', `Không thấy thiết bị ký số "${label}": hãy cắm lại token.`);
  }

  function login(p: Pkcs11, label: string, session: Handle, pin: string): void {
    try {
      p.C_Login(session, CKU_USER, pin);
    } catch (error) {
      if (returnValueOf(error) !== 'CKR_USER_ALREADY_LOGGED_IN') throw problemOf(error, label);
    }
  }

  function openSession(module: string, label: string, pin: string): { p: Pkcs11; slot: Handle; session: Handle } {
    const p = library(module);
    const slot = slotOf(p, label);
    const session = p.C_OpenSession(slot, CKF_SERIAL_SESSION | CKF_RW_SESSION);
    login(p, label, session, pin);
    return { p, slot, session };
  }

  const idOf = (ref: TokenKeyRef) => `${ref.module}\n${ref.token}\n${ref.keyId}`;

  function pinOf(ref: TokenKeyRef): string {
    let pin: string;
    try {
      pin = readFileSync(ref.pinFile, 'utf8').replace(/\r?\n$/, '');
    } catch {
      throw new TokenError('pin', `Chưa có mã PIN của thiết bị ký số "${ref.token}" (hoadon cert use-token).`);
    }
    if (refusedPins.get(idOf(ref)) === pin)
      throw new TokenError(
        'pin',
        `Mã PIN của thiết bị ký số "${ref.token}" không đúng: hãy nhập lại (hoadon cert use-token).`,
      );
    return pin;
  }

  function openKey(ref: TokenKeyRef): OpenKey {
    const pin = pinOf(ref);
    try {
      const { p, slot, session } = openSession(ref.module, ref.token, pin);
      const [key] = findObjects(p, session, [
        { type: CKA_CLASS, value: CKO_PRIVATE_KEY },
        { type: CKA_ID, value: Buffer.from(ref.keyId, 'hex') },
      ]);
      if (!key) throw new TokenError('key', `Thiết bị ký số "${ref.token}" không có khóa ${ref.keyId}.`);
      return { slot, session, key };
    } catch (error) {
      const problem = problemOf(error, ref.token);
      if (problem.code === 'pin') refusedPins.set(idOf(ref), pin);
      throw problem;
    }
  }

  /** The open session of `ref`, checked cheaply; opened again (library restarted) when it no longer answers. */
  function ready(ref: TokenKeyRef): OpenKey {
    const p = library(ref.module);
    const known = open.get(idOf(ref));
    if (known) {
      try {
        // The session alone may outlive its token (SoftHSM's does); the slot says whether the token is there.
        p.C_GetSessionInfo(known.session);
        if (p.C_GetTokenInfo(known.slot).label.trim() === ref.token) return known;
        restart(ref.module);
      } catch {
        restart(ref.module);
      }
    }
    let opened: OpenKey;
    try {
      opened = openKey(ref);
    } catch (error) {
      if (!(error instanceof TokenError) || error.code !== 'absent') throw error;
      // The slot list may be from before the token came back: look again with the library started anew.
      restart(ref.module);
      opened = openKey(ref);
    }
    open.set(idOf(ref), opened);
    return opened;
  }

  function signOnce(p: Pkcs11, { session, key }: OpenKey, data: Buffer): Buffer {
    p.C_SignInit(session, { mechanism: CKM_SHA256_RSA_PKCS }, key);
    const out = Buffer.alloc(1024);
    return Buffer.from(out.subarray(0, p.C_Sign(session, data, out)));
  }

  return {
    /** Throws a TokenError when the key cannot sign now. */
    check(ref: TokenKeyRef): void {
      ready(ref);
    },

    /** RSA-SHA256 (PKCS#1 v1.5) of `data` by the token; one new session and a second try if the first fails. */
    sign(ref: TokenKeyRef, data: Buffer): Buffer {
      const p = library(ref.module);
      try {
        return signOnce(p, ready(ref), data);
      } catch (error) {
        if (error instanceof TokenError) throw error;
        restart(ref.module);
        try {
          return signOnce(p, ready(ref), data);
        } catch (again) {
          throw problemOf(again, ref.token);
        }
      }
    },

    /**
     * The tokens in `module`'s slots with their certificates, read without logging in: the owner picks the
     * token and the certificate before typing a PIN, so that no PIN try is spent on the wrong token.
     */
    tokens(module: string): TokenListing[] {
      library(module);
      restart(module);
      const p = library(module);
      const found: TokenListing[] = [];
      for (const slot of p.C_GetSlotList(true)) {
        let info: ReturnType<Pkcs11['C_GetTokenInfo']>;
        let session: Handle;
        try {
          info = p.C_GetTokenInfo(slot);
          session = p.C_OpenSession(slot, CKF_SERIAL_SESSION);
        } catch {
          // A token pulled out while the slots were read: it is not there.
          continue;
        }
        try {
          const certificates = findObjects(p, session, [{ type: CKA_CLASS, value: CKO_CERTIFICATE }]).flatMap(
            (handle) => {
              const [id, value] = p.C_GetAttributeValue(session, handle, [{ type: CKA_ID }, { type: CKA_VALUE }]);
              return value?.value.length
                ? [{ keyId: id?.value.toString('hex') ?? '', certificateDer: value.value.toString('base64') }]
                : [];
            },
          );
          found.push({
            label: info.label.trim(),
            serial: info.serialNumber.trim(),
            pinLocked: Boolean(info.flags & CKF_USER_PIN_LOCKED),
            certificates,
          });
        } finally {
          p.C_CloseSession(session);
        }
      }
      return found;
    },

    /** The private keys on token `label` (logged in with `pin`) and the certificate stored under each key's id. */
    list(module: string, label: string, pin: string): TokenKeyListing[] {
      restart(module);
      try {
        const { p, session } = openSession(module, label, pin);
        // The PIN entered again is tried again for every key of the token.
        for (const id of [...refusedPins.keys()]) if (id.startsWith(`${module}\n${label}\n`)) refusedPins.delete(id);
        const idsOf = (handles: Handle[]) =>
          handles.map((handle) => {
            const [id, value] = p.C_GetAttributeValue(session, handle, [{ type: CKA_ID }, { type: CKA_VALUE }]);
            return { id: id?.value.toString('hex') ?? '', value };
          });
        const certificates = idsOf(findObjects(p, session, [{ type: CKA_CLASS, value: CKO_CERTIFICATE }]));
        const keys = findObjects(p, session, [{ type: CKA_CLASS, value: CKO_PRIVATE_KEY }]).map((handle) => {
          const [id] = p.C_GetAttributeValue(session, handle, [{ type: CKA_ID }]);
          return id?.value.toString('hex') ?? '';
        });
        return keys.map((keyId) => {
          const certificate = certificates.find((c) => c.id === keyId)?.value?.value;
          return certificate ? { keyId, certificateDer: certificate.toString('base64') } : { keyId };
        });
      } catch (error) {
        throw problemOf(error, label);
      }
    },
  };
}
