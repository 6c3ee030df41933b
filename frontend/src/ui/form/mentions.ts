import Mention from '@tiptap/extension-mention';
import type { SuggestionProps } from '@tiptap/suggestion';

/** A member an @mention may name. */
export interface MentionCandidate {
  id: number;
  name: string;
}

/** Whom to suggest for what follows an `@`. */
export type FindMentions = (query: string) => Promise<MentionCandidate[]>;

/** What the suggestion list shows: the candidates, the highlighted one, where. */
export interface Suggesting {
  items: MentionCandidate[];
  index: number;
  rect: DOMRect | null;
  pick: (candidate: MentionCandidate) => void;
}

type Props = SuggestionProps<MentionCandidate, { id: string; label: string }>;

/**
 * An @mention as the server reads it (kernel `rich_text::MENTION_ATTRIBUTE`): a link to the
 * member's profile marked with their id, `<a href="/profile/7" data-mention="7">@Ada</a>`.
 * Typing `@` asks `find` and hands the list to `show`; the arrows, Enter and Escape work
 * in it while the cursor stays in the text.
 */
export function mentionExtension(find: FindMentions, show: (suggesting: Suggesting | null) => void) {
  return Mention.extend({
    addAttributes() {
      return {
        id: {
          default: null,
          parseHTML: (element: HTMLElement) => element.getAttribute('data-mention'),
          renderHTML: (attributes: { id: string | null }) => ({ 'data-mention': attributes.id, href: `/profile/${attributes.id}` }),
        },
        label: {
          default: null,
          parseHTML: (element: HTMLElement) => (element.textContent ?? '').replace(/^@/, ''),
          renderHTML: () => ({}),
        },
      };
    },
    // Before the link mark's `a[href]`: a mention is a member, not an address.
    parseHTML() {
      return [{ tag: 'a[data-mention]', priority: 100 }];
    },
    renderHTML({ node, HTMLAttributes }) {
      return ['a', HTMLAttributes, `@${String(node.attrs.label)}`];
    },
    renderText({ node }) {
      return `@${String(node.attrs.label)}`;
    },
  }).configure({
    suggestion: {
      char: '@',
      items: async ({ query }) => {
        try {
          return await find(query);
        } catch {
          return [];
        }
      },
      render: () => {
        let current: Props | null = null;
        let index = 0;
        const pick = (candidate: MentionCandidate) => current?.command({ id: String(candidate.id), label: candidate.name });
        const publish = () => {
          if (current) show({ items: current.items, index, rect: current.clientRect?.() ?? null, pick });
        };
        return {
          onStart: (props: Props) => {
            current = props;
            index = 0;
            publish();
          },
          onUpdate: (props: Props) => {
            current = props;
            index = Math.min(index, Math.max(props.items.length - 1, 0));
            publish();
          },
          onKeyDown: ({ event }) => {
            const items = current?.items ?? [];
            if (event.key === 'Escape') {
              current = null;
              show(null);
              return true;
            }
            if (items.length === 0) return false;
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              index = (index + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
              publish();
              return true;
            }
            if (event.key === 'Enter' || event.key === 'Tab') {
              pick(items[index]);
              return true;
            }
            return false;
          },
          onExit: () => {
            current = null;
            show(null);
          },
        };
      },
    },
  });
}
