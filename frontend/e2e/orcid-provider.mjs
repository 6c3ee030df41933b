// A stand-in ORCID for the sign-in journey (e2e/orcid.spec.ts): the OpenID Connect
// authorization-code flow with PKCE as orcid.org runs it (an authorize page the browser
// visits, token, userinfo) and the record API's employments. The journey says who signs in
// next with POST /next. Listens on 127.0.0.1 at the port given as the first argument.
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

const port = Number(process.argv[2]);
let next = null; // { profile, employments }
const codes = new Map(); // code -> { challenge, person }
const tokens = new Map(); // access token -> person

const body = (req) =>
  new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(data));
  });
const send = (res, status, payload, type = 'application/json') => {
  res.writeHead(status, { 'content-type': type });
  res.end(type === 'application/json' ? JSON.stringify(payload) : payload);
};
const bearer = (req) => tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
const escape = (text) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

createServer(async (req, res) => {
  const url = new URL(req.url, `http://127.0.0.1:${port}`);
  if (req.method === 'POST' && url.pathname === '/next') {
    next = JSON.parse(await body(req));
    return send(res, 204, '', 'text/plain');
  }
  if (req.method === 'GET' && url.pathname === '/health') return send(res, 200, { ok: true });
  if (req.method === 'GET' && url.pathname === '/oauth/authorize') {
    const q = url.searchParams;
    if (!next || q.get('code_challenge_method') !== 'S256' || q.get('scope') !== 'openid') {
      return send(res, 400, '<p>Bad request</p>', 'text/html');
    }
    const code = randomBytes(12).toString('hex');
    codes.set(code, { challenge: q.get('code_challenge'), person: next });
    const back = new URL(q.get('redirect_uri'));
    back.searchParams.set('code', code);
    back.searchParams.set('state', q.get('state'));
    return send(
      res,
      200,
      `<!doctype html><html lang="en"><title>ORCID</title><main><h1>Authorize access</h1>
       <p>Cohort asks to know your ORCID iD ${escape(next.profile.sub)}.</p>
       <a href="${escape(back.toString())}">Authorize access</a></main></html>`,
      'text/html',
    );
  }
  if (req.method === 'POST' && url.pathname === '/oauth/token') {
    const form = new URLSearchParams(await body(req));
    const pending = codes.get(form.get('code'));
    codes.delete(form.get('code'));
    const verifier = form.get('code_verifier') ?? '';
    if (!pending || createHash('sha256').update(verifier).digest('base64url') !== pending.challenge) {
      return send(res, 400, { error: 'invalid_grant' });
    }
    const access = randomBytes(16).toString('hex');
    tokens.set(access, pending.person);
    return send(res, 200, { access_token: access, token_type: 'bearer', expires_in: 3600 });
  }
  if (req.method === 'GET' && url.pathname === '/oauth/userinfo') {
    const person = bearer(req);
    return person ? send(res, 200, person.profile) : send(res, 401, {});
  }
  const record = url.pathname.match(/^\/v3\.0\/([0-9X-]+)\/employments$/);
  if (req.method === 'GET' && record) {
    const person = bearer(req);
    if (!person || person.profile.sub !== record[1]) return send(res, 401, {});
    return send(res, 200, person.employments);
  }
  send(res, 404, {});
}).listen(port, '127.0.0.1');
