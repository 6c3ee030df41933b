/**
 * The theme's dark colours also for a system set to dark before the app runs: the theme marks
 * the page `.dark` or `.light` once it has read the member's choice (src/app/theme.ts), which a
 * page from the server does not have yet, so a dark system would see it light until then.
 */
export function followingTheSystem(css: string): string {
  const dark = [...css.matchAll(/\.dark\{([^{}]*)\}/g)].map((rule) => rule[1]).join('');
  return dark ? `${css}@media (prefers-color-scheme: dark){:root:not(.light){${dark}}}` : css;
}
