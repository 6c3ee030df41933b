import { describe, expect, it } from 'vitest';
import { linkLines, linkProblem } from './links';

describe('milestone report links', () => {
  it('takes one web address per line and names the first bad line', () => {
    expect(linkLines(' https://doi.org/10.1000/182 \n\nhttps://osf.io/abc12/\n')).toEqual(['https://doi.org/10.1000/182', 'https://osf.io/abc12/']);
    expect(linkProblem(['https://doi.org/10.1000/182'], 10)).toBeNull();
    expect(linkProblem(['https://doi.org/10.1000/182', 'doi:10.1000/182'], 10)).toBe('Line 2: Enter a valid URL.');
    expect(linkProblem(['ftp://example.org/x'], 10)).toBe('Line 1: Enter a valid URL.');
    expect(linkProblem(Array.from({ length: 11 }, (_, i) => `https://example.org/${i}`), 10)).toBe('Give at most 10 links.');
  });
});
