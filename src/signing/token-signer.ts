/**
 * Who computes a signature value with a key on a token, in this thread: the token thread itself
 * (token-thread.ts), asked and waited for. The node's event loop and each XML thread set it once, each with
 * its own way of reaching that thread; xml-signature.ts asks it when an identity's key is on a token.
 */
import type { TokenKeyRef } from './token.js';

type TokenSigner = (ref: TokenKeyRef, data: Buffer) => Buffer;

let signer: TokenSigner | undefined;

export function useTokenSigner(sign: TokenSigner): void {
  signer = sign;
}

export function signWithToken(ref: TokenKeyRef, data: Buffer): Buffer {
  if (!signer) throw new Error('Luồng này không nối được tới thiết bị ký số (token).');
  return signer(ref, data);
}
