/**
 * What the browser gives the app and the server's JavaScript engine (QuickJS, which has no
 * DOM, no Intl and no fetch) does not: only as much as rendering a page needs. Imported
 * first by src/entry-server.tsx, so it is in place before any module of the app runs.
 */
const g = globalThis as Record<string, unknown>;

// No timer fires while a page renders: what waits on one (a retry, a cache's clean-up) has
// nothing to do on the server.
g.setTimeout ??= () => 0;
g.clearTimeout ??= () => {};
g.queueMicrotask ??= (fn: () => void) => void Promise.resolve().then(fn);
// What a page writes to the console while rendering has no reader on the server.
g.console ??= Object.fromEntries(['log', 'info', 'debug', 'warn', 'error', 'trace'].map((name) => [name, () => {}]));
g.fetch ??= () => Promise.reject(new Error('not on the server'));
// Forms' schemas name these (an upload field is a File); no page renders one on the server.
g.Blob ??= class Blob {};
g.File ??= class File extends (g.Blob as typeof Blob) {};
g.FormData ??= class FormData {};
g.AbortController ??= class {
  signal = { aborted: false, reason: undefined, addEventListener() {}, removeEventListener() {}, throwIfAborted() {} };
  abort(reason?: unknown) {
    Object.assign(this.signal, { aborted: true, reason });
  }
};
g.Headers ??= class {
  private values = new Map<string, string>();
  constructor(init?: Record<string, string> | [string, string][]) {
    for (const [name, value] of Array.isArray(init) ? init : Object.entries(init ?? {})) this.set(name, value);
  }
  get(name: string) {
    return this.values.get(name.toLowerCase()) ?? null;
  }
  set(name: string, value: string) {
    this.values.set(name.toLowerCase(), String(value));
  }
  append(name: string, value: string) {
    const had = this.get(name);
    this.set(name, had === null ? value : `${had}, ${value}`);
  }
  has(name: string) {
    return this.values.has(name.toLowerCase());
  }
  delete(name: string) {
    this.values.delete(name.toLowerCase());
  }
  forEach(fn: (value: string, name: string) => void) {
    this.values.forEach(fn);
  }
};

/** Grouping with commas and a fixed number of decimals: what `en` and `en-CA` write. */
function grouped(value: number, digits: number): string {
  const [whole, fraction] = Math.abs(value).toFixed(digits).split('.');
  const withCommas = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${withCommas}${fraction ? `.${fraction}` : ''}`;
}

if (typeof Intl === 'undefined') {
  type Options = { minimumFractionDigits?: number; maximumFractionDigits?: number };
  const digitsOf = (options: Options = {}) => options.maximumFractionDigits ?? options.minimumFractionDigits ?? 0;
  Number.prototype.toLocaleString = function toLocaleString(this: number, _locale?: unknown, options?: Options) {
    return grouped(Number(this), digitsOf(options));
  } as typeof Number.prototype.toLocaleString;
  const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const LONG = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  g.Intl = {
    NumberFormat: class {
      constructor(
        _locale?: unknown,
        private options: Options = {},
      ) {}
      format(value: number) {
        return grouped(value, digitsOf(this.options));
      }
    },
    DateTimeFormat: class {
      constructor(
        _locale?: unknown,
        private options: { month?: string; day?: string; year?: string } = {},
      ) {}
      format(date: Date | number) {
        const d = new Date(date);
        const month = (this.options.month === 'long' ? LONG : MONTHS)[d.getUTCMonth()];
        const parts = [this.options.day ? `${month} ${d.getUTCDate()}` : month];
        return this.options.year ? `${parts.join('')}, ${d.getUTCFullYear()}`.replace(`${month}, `, `${month} `) : parts.join('');
      }
    },
    DisplayNames: class {
      of(code: string) {
        return code;
      }
    },
    supportedValuesOf: () => [],
  };
}

/** `application/x-www-form-urlencoded`, as the browser's URLSearchParams writes it. */
const formEncode = (text: string) =>
  encodeURIComponent(text)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
const formDecode = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));

class SearchParams {
  private pairs: [string, string][] = [];
  constructor(init?: string | Record<string, string> | [string, string][]) {
    if (typeof init === 'string') {
      for (const part of init.replace(/^\?/, '').split('&')) {
        if (!part) continue;
        const at = part.indexOf('=');
        this.pairs.push(at < 0 ? [formDecode(part), ''] : [formDecode(part.slice(0, at)), formDecode(part.slice(at + 1))]);
      }
    } else if (Array.isArray(init)) this.pairs = init.map(([k, v]) => [k, String(v)]);
    else if (init) this.pairs = Object.entries(init).map(([k, v]) => [k, String(v)]);
  }
  append(key: string, value: unknown) {
    this.pairs.push([key, String(value)]);
  }
  set(key: string, value: unknown) {
    this.delete(key);
    this.append(key, value);
  }
  get(key: string) {
    return this.pairs.find(([k]) => k === key)?.[1] ?? null;
  }
  getAll(key: string) {
    return this.pairs.filter(([k]) => k === key).map(([, v]) => v);
  }
  has(key: string) {
    return this.pairs.some(([k]) => k === key);
  }
  delete(key: string) {
    this.pairs = this.pairs.filter(([k]) => k !== key);
  }
  forEach(fn: (value: string, key: string) => void) {
    this.pairs.forEach(([k, v]) => fn(v, k));
  }
  entries() {
    return this.pairs[Symbol.iterator]();
  }
  keys() {
    return this.pairs.map(([k]) => k)[Symbol.iterator]();
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  get size() {
    return this.pairs.length;
  }
  toString() {
    return this.pairs.map(([k, v]) => `${formEncode(k)}=${formEncode(v)}`).join('&');
  }
}

/** An absolute http(s) address, or a path resolved against one: all the app's addresses are. */
class Address {
  protocol = 'http:';
  host = 'localhost';
  pathname = '/';
  hash = '';
  searchParams = new SearchParams();
  constructor(input: string | Address, base?: string | Address) {
    const text = String(input);
    const absolute = /^([a-z][a-z0-9+.-]*:)\/\/([^/?#]*)(.*)$/i.exec(text);
    const rest = absolute ? absolute[3] : text;
    if (absolute) [this.protocol, this.host] = [absolute[1].toLowerCase(), absolute[2]];
    else if (base !== undefined) {
      const from = new Address(base);
      [this.protocol, this.host] = [from.protocol, from.host];
      if (!rest.startsWith('/')) {
        const dir = from.pathname.replace(/[^/]*$/, '');
        this.pathname = dir;
      }
    } else throw new TypeError(`Invalid URL: ${text}`);
    const [beforeHash, hash] = splitAt(rest, '#');
    const [path, query] = splitAt(beforeHash, '?');
    if (path) this.pathname = path.startsWith('/') ? path : `${this.pathname}${path}`;
    this.searchParams = new SearchParams(query ?? '');
    this.hash = hash === undefined || hash === '' ? '' : `#${hash}`;
  }
  get search() {
    const query = this.searchParams.toString();
    return query ? `?${query}` : '';
  }
  set search(value: string) {
    this.searchParams = new SearchParams(value);
  }
  get hostname() {
    return this.host.replace(/:\d+$/, '');
  }
  get port() {
    return /:(\d+)$/.exec(this.host)?.[1] ?? '';
  }
  get origin() {
    return `${this.protocol}//${this.host}`;
  }
  get href() {
    return `${this.origin}${this.pathname}${this.search}${this.hash}`;
  }
  toString() {
    return this.href;
  }
  toJSON() {
    return this.href;
  }
}

function splitAt(text: string, mark: string): [string, string | undefined] {
  const at = text.indexOf(mark);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

g.URLSearchParams ??= SearchParams;
g.URL ??= Address;

// The site's address, as the browser's `location` gives it on its pages (the server sets
// `__cohortSite` to its public address before loading the bundle).
g.location ??= new Address(String(g.__cohortSite ?? 'http://localhost/'));
