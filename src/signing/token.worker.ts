/**
 * The token thread's own script (see token-thread.ts): bundled on its own as `dist/token-worker.cjs`. It
 * loads pkcs11js's addon from the file the node names (a bundled worker cannot find it the way require
 * does) and answers waiting calls from the node's event loop and from each XML thread.
 */
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { answerWaitingCalls } from './sync-call.js';
import { createTokenSessions, type Pkcs11 } from './token.js';
import type { TokenRequest, TokenThreadData } from './token-thread.js';

const port = parentPort;
if (!port) throw new Error('token.worker runs on a worker thread only');

const { addonPath } = workerData as TokenThreadData;
const addon = { exports: {} as { PKCS11: new () => Pkcs11 } };
process.dlopen(addon, addonPath);
const sessions = createTokenSessions(() => new addon.exports.PKCS11());

function handle(request: TokenRequest): unknown {
  switch (request.op) {
    case 'check':
      sessions.check(request.ref);
      return true;
    case 'sign':
      return sessions.sign(request.ref, Buffer.from(request.data, 'base64')).toString('base64');
    case 'list':
      return sessions.list(request.module, request.token, request.pin);
    case 'tokens':
      return sessions.tokens(request.module);
  }
}

answerWaitingCalls(port, handle);
// Another thread (an XML thread) hands over a port of its own; its calls are answered the same way.
port.on('message', (value: { connect?: MessagePort }) => {
  if (value.connect) answerWaitingCalls(value.connect, handle);
});
