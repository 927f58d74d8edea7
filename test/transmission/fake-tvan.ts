/**
 * A small real T-VAN for tests, on loopback: the T-VAN JSON shape the node's HTTP adapter speaks
 * (src/transmission/tvan-protocol.ts), a login that exchanges a user name and password for a token, and
 * the authority's replies in their REAL shapes (test/tax-messages/fixtures, docs/tax-format.md §10): a 999
 * without MST, a 102 refusing with 9992, a 103 without MCCQT, and 204 LTBao 7 whose MTLoi names an
 * invoice of the package or none. What the test wants next is queued in `answers`.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SigningMaterial } from '../../src/signing/keys.js';
import { readCashRegisterPackage } from '../../src/tax-messages/cash-register-package.js';
import { parseEnvelope } from '../../src/tax-messages/envelope.js';
import { newMessageId } from '../../src/tax-messages/message-id.js';
import { MESSAGE_TYPES } from '../../src/tax-messages/message-types.js';
import { fixture, signedNotice } from '../tax-messages/fixtures.js';

export type PackageAnswer = 'name-first' | 'name-none';
export type RegistrationAnswer = 'refused-9992' | 'accepted-without-mccqt';

export async function startFakeTvan(options: {
  username: string;
  password: string;
  authority: { signingTime: string; identity: SigningMaterial };
}) {
  const state = {
    /** Logins are refused (401) while set. */
    refuseLogins: false,
    logins: 0,
    tokens: new Set<string>(),
    registrations: [] as RegistrationAnswer[],
    packages: [] as PackageAnswer[],
    /** Every TDiep received, as sent. */
    received: [] as string[],
    replies: new Map<string, string[]>(),
  };

  function repliesTo(tdiep: string): string[] {
    const { header } = parseEnvelope(tdiep);
    const base = { MNNhan: header.sender, MTDTChieu: header.id, MST: header.mst ?? '' };
    const notice = (name: string, extra: Record<string, string> = {}) =>
      signedNotice(name, { ...base, MTDiep: newMessageId('TCT'), ...extra }, options.authority);
    const ack = fixture('999-received.xml', { ...base, MNGui: 'TCT', MTDiep: newMessageId('TCT') });
    if (header.type === MESSAGE_TYPES.registration) {
      const answer = state.registrations.shift() ?? 'accepted-without-mccqt';
      return [ack, answer === 'refused-9992' ? notice('102-refused-9992.xml') : notice('103-accepted.xml')];
    }
    if (header.type === MESSAGE_TYPES.cashRegisterPackage) {
      const [first] = readCashRegisterPackage(parseEnvelope(tdiep));
      const answer = state.packages.shift() ?? 'name-none';
      const failure =
        answer === 'name-first' && first
          ? {
              MLoi: '2005',
              MTLoi: `${first.facts.mauSo};${first.facts.kyHieu};${first.facts.number};Mã số thuế người mua không hợp lệ`,
            }
          : { MLoi: '9999', MTLoi: 'Lỗi hệ thống khi kiểm tra dữ liệu gói hóa đơn' };
      return [ack, notice('204-ltbao7.xml', failure)];
    }
    return [ack];
  }

  const body = async (request: IncomingMessage) => {
    let text = '';
    for await (const chunk of request) text += chunk;
    return text ? (JSON.parse(text) as Record<string, string>) : {};
  };

  const server = createServer(async (request, response) => {
    const answer = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(json));
    };
    const url = request.url ?? '';
    if (request.method === 'POST' && url === '/auth/login') {
      const { username, password } = await body(request);
      if (state.refuseLogins || username !== options.username || password !== options.password)
        return answer(401, { code: '99', message: 'Sai tên đăng nhập hoặc mật khẩu' });
      state.logins += 1;
      const token = `tok-${state.logins}`;
      state.tokens.add(token);
      return answer(200, { code: '00', message: 'OK', data: { accessToken: token, expiresIn: 3600 } });
    }
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !state.tokens.has(token)) return answer(401, { code: '98', message: 'Phiên đăng nhập hết hạn' });
    if (request.method === 'POST' && url === '/api/tdiep/send') {
      const tdiep = Buffer.from((await body(request)).data ?? '', 'base64').toString('utf8');
      state.received.push(tdiep);
      const [ack, ...later] = repliesTo(tdiep);
      state.replies.set(parseEnvelope(tdiep).header.id, [ack as string, ...later]);
      return answer(200, { code: '00', message: 'Đã nhận', data: Buffer.from(ack as string).toString('base64') });
    }
    const lookUp = /^\/api\/tdiep\/replies\/([A-Z0-9]+)$/.exec(url);
    if (request.method === 'GET' && lookUp) {
      const replies = state.replies.get(lookUp[1] as string);
      if (!replies) return answer(200, { code: '01', message: 'Không tìm thấy', data: [] });
      return answer(200, { code: '00', message: 'OK', data: replies.map((r) => Buffer.from(r).toString('base64')) });
    }
    return answer(404, { code: '404', message: 'Không có' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    /** Every token issued so far stops working: the node must log in again. */
    expireTokens: () => state.tokens.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
