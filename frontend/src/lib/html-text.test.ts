import { describe, expect, it } from 'vitest';
import { decodeEntities, plainText } from './html-text';

describe('rich text read without a DOM', () => {
  it('keeps the words and leaves the tags out', () => {
    expect(plainText('<p>A <strong>blood</strong> test</p>')).toBe('A blood test');
    expect(plainText('<p>One</p>\n<p>  two\tthree </p>')).toBe('One two three');
  });

  it('reads the entities the sanitiser writes as the characters they stand for', () => {
    expect(plainText('<p>Salt &amp; sugar &lt;5 g&gt; &quot;daily&quot; &#39;ok&#39; &#x2014; &#8212;</p>')).toBe('Salt & sugar <5 g> "daily" \'ok\' — —');
    expect(decodeEntities('&unknown; &#0; &#x110000;')).toBe('&unknown; &#0; &#x110000;');
  });

  it('gives what the browser gives for the same text', () => {
    const html = '<p>Caf&eacute;? No: <em>tea</em> &amp; <a href="/x">more</a></p><ul><li>one</li><li>two</li></ul>';
    const browser = new DOMParser().parseFromString(html.replace('&eacute;', 'é'), 'text/html').body.textContent;
    expect(plainText(html.replace('&eacute;', 'é'))).toBe(browser?.replace(/\s+/g, ' ').trim());
  });
});
