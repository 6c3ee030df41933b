import { FeedEventType, FeedObjectType, type FeedItem } from '@/api/model';

/** Spec 2 §2: project events blue, working group events violet, the rest green. */
export function eventColour(eventType: FeedEventType): string {
  if (eventType.startsWith('PROJECT_')) return '#1e63c4';
  if (eventType.startsWith('WORKING_GROUP_')) return '#7b3fb5';
  return '#2e8b57';
}

/** "WORKING_GROUP_DISCUSSION_CREATED" → "Working group discussion created". */
export function label(value: string): string {
  const words = value.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const EVENT_TYPES = Object.values(FeedEventType);
export const OBJECT_TYPES = Object.values(FeedObjectType);

/** Spec 2 §2: Reply appears only on comment and discussion events. */
export function canReply(item: FeedItem): boolean {
  return item.object_type === 'COMMENT' || item.object_type === 'DISCUSSION';
}

/** Where an item leads: its group, post or project page (the thread, for Reply). */
export function itemLink(item: FeedItem): string | null {
  const slug = item.related_content.slug ?? item.content.slug;
  if (!slug) return null;
  if (item.event_type.startsWith('WORKING_GROUP_')) return `/working-groups/${slug}`;
  if (item.event_type.startsWith('BLOG_')) return `/blog/${slug}`;
  if (item.event_type === 'PROJECT_PROTOCOL_REGISTERED') return `/project/${slug}/protocol`;
  if (item.event_type === 'PROJECT_MILESTONE_VERIFIED') return `/project/${slug}#milestones`;
  if (item.event_type === 'PROJECT_RESULTS_POSTED') return `/project/${slug}#results`;
  return `/project/${slug}`;
}
