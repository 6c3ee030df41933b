import { createContext, useContext, useMemo } from 'react';
import { listMentionable } from '@/api/endpoints/discussions/discussions';
import type { TopicType } from '@/ui/discussion-slot';
import type { FindMentions } from '@/ui/form/mentions';

/** Whom the composers of one discussion suggest after an `@` (issue 49 §4). */
export const MentionPlace = createContext<FindMentions | undefined>(undefined);

/** The suggestions of `topicType`/`targetId`'s discussion: its people, by name. */
export function useMentionFinder(topicType: TopicType, targetId: number): FindMentions {
  return useMemo(
    () => async (query: string) => (await listMentionable(topicType, targetId, { q: query })).data.map(({ id, name }) => ({ id, name })),
    [topicType, targetId],
  );
}

/** The finder of the discussion around this composer, if any. */
export function useMentionPlace(): FindMentions | undefined {
  return useContext(MentionPlace);
}
