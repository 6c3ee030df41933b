import { FieldText } from '@/api/model/fieldText';

/** What the editor's link field says of an address the server would not keep. */
export const NOT_A_WEB_ADDRESS = FieldText['Enter_an_address_starting_with_http://,_https://_or_/'];

/**
 * The server's rule for a link in members' text (kernel `links::WebUrl::link`): an http(s)
 * address with a host, or a path on this site; never `//host` or a backslash, which
 * browsers read as another site.
 */
export function isWebAddress(text: string): boolean {
  const address = text.trim();
  // eslint-disable-next-line no-control-regex
  if (address.includes('\\') || /[\u0000-\u001f\u007f]/.test(address)) return false;
  if (address.startsWith('/')) return !address.startsWith('//');
  try {
    const url = new URL(address);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
