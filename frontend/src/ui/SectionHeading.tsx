import type { HTMLAttributes } from 'react';

/**
 * An accordion's heading one level under the page's h1: MUI wraps a summary in an h3, which
 * skips a level (axe's heading-order) and, around a Typography heading, nests one in another.
 * Unstyled as MUI's own (`all: unset`); the summary's text keeps its look.
 */
export function SectionHeading(props: HTMLAttributes<HTMLHeadingElement>) {
  return <h2 {...props} style={{ all: 'unset', ...props.style }} />;
}
