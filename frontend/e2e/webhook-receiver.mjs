// A webhook receiver for the webhooks journey (e2e/webhooks.spec.ts): it keeps every POST it
// is sent, by path, and answers 200 (or, under /fail/, 500). The journey reads what arrived
// with GET /received?path=/hook/…. Listens on 127.0.0.1 at the port given as the first
// argument; the main server allows its origin (COHORT_OUTBOUND_ALLOWLIST).
import { createServer } from 'node:http';

const port = Number(process.argv[2]);
const received = new Map(); // path -> [{ headers, body }]

createServer((req, res) => {
  const url = new URL(req.url, `http://127.0.0.1:${port}`);
  if (req.method === 'GET' && url.pathname === '/health') {
    res.writeHead(204).end();
    return;
  }
  if (req.method === 'GET' && url.pathname === '/received') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(received.get(url.searchParams.get('path')) ?? []));
    return;
  }
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    received.set(url.pathname, [...(received.get(url.pathname) ?? []), { headers: req.headers, body }]);
    const failing = url.pathname.startsWith('/fail/');
    res.writeHead(failing ? 500 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ received: !failing }));
  });
}).listen(port, '127.0.0.1');
