import { createHash, createHmac } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';

/** A unique address per run, so journeys never collide on the shared server. */
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.org`;

/** Solves a captcha challenge as the browser's worker does. */
async function solveCaptcha(request: APIRequestContext): Promise<string> {
  const { data } = await (await request.get('/api/captcha')).json();
  if (!data.enabled) return 'off';
  for (let nonce = 0; ; nonce += 1) {
    const candidate = `${data.challenge}:${nonce}`;
    const hash = createHash('sha256').update(candidate).digest();
    let bits = 0;
    for (const byte of hash) {
      if (byte === 0) bits += 8;
      else {
        bits += Math.clz32(byte) - 24;
        break;
      }
    }
    if (bits >= data.difficulty) return candidate;
  }
}

/** The newest dev-mailbox message to `to`. */
export async function lastMailTo(request: APIRequestContext, to: string): Promise<{ subject: string; text: string }> {
  const { data } = await (await request.get('/api/dev/mailbox?perPage=100')).json();
  const mail = data.find((m: { to: string }) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** The first link in a mail's text. */
export const linkIn = (text: string) => {
  const match = text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in ${text}`);
  return match[0];
};

/** Registers and confirms an account through the API. */
export async function confirmedAccount(request: APIRequestContext, email: string, password: string) {
  const captcha = await solveCaptcha(request);
  const response = await request.post('/api/register', { data: { name: 'Test Person', email, password, captcha } });
  if (response.status() !== 201) throw new Error(`register: ${response.status()} ${await response.text()}`);
  const token = new URL(linkIn((await lastMailTo(request, email)).text)).searchParams.get('token');
  const confirmed = await request.post('/api/confirm-user', { data: { token } });
  if (!confirmed.ok()) throw new Error(`confirm: ${await confirmed.text()}`);
}

/** RFC 6238 code (SHA-1, 6 digits, 30 s) for a base32 secret, `offset` steps from now. */
export function totpCode(secretBase32: string, offset = 0): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secretBase32.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 1000 / 30) + offset));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const at = hmac[hmac.length - 1] & 0x0f;
  const value = (hmac.readUInt32BE(at) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}
