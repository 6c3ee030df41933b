import { describe, expect, it } from 'vitest';
import { withHeadingIds } from './headings';

describe('withHeadingIds', () => {
  it('numbers h2 and h3 headings in order and lists them', () => {
    const { html, headings } = withHeadingIds('<p>x</p><h2>One</h2><h3>One a</h3><h4>skip</h4><h2>Two</h2>');
    expect(headings).toEqual([
      { id: 'section-1', text: 'One', level: 2 },
      { id: 'section-2', text: 'One a', level: 3 },
      { id: 'section-3', text: 'Two', level: 2 },
    ]);
    expect(html).toContain('<h2 id="section-1">One</h2>');
    expect(html).toContain('<h4>skip</h4>');
  });

  it('leaves pages without headings alone', () => {
    expect(withHeadingIds('<p>Plain</p>')).toEqual({ html: '<p>Plain</p>', headings: [] });
  });

  it('replaces an id a heading had and keeps its other attributes and inner markup', () => {
    const { html, headings } = withHeadingIds('<h2 class="lead" id="old">Salt &amp; <em>sugar</em></h2>');
    expect(html).toBe('<h2 class="lead" id="section-1">Salt &amp; <em>sugar</em></h2>');
    expect(headings).toEqual([{ id: 'section-1', text: 'Salt & sugar', level: 2 }]);
  });
});
