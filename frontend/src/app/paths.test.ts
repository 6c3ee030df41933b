import { describe, expect, it } from 'vitest';
import paths from './paths.json';
import { routes } from './router';

interface RouteLike {
  path?: string;
  index?: boolean;
  children?: RouteLike[];
}

/** Every page's full path pattern, in the router's order (the catch-all 404 is not a page). */
function patterns(list: RouteLike[], parent = ''): string[] {
  return list.flatMap((route) => {
    const here = route.path ? `${parent}/${route.path}` : parent;
    const own = route.path !== undefined || route.index ? [here || '/'] : [];
    return [...own, ...patterns(route.children ?? [], here)].filter((path) => path !== '/*');
  });
}

describe('paths.json', () => {
  it('lists exactly the pages the router serves, so the server answers 404 for any other path', () => {
    expect([...new Set(patterns(routes as RouteLike[]))].sort()).toEqual([...paths.patterns].sort());
  });
});
