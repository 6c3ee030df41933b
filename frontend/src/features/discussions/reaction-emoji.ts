import type { Emoji } from '@/api/model';

/** How each reaction of the server's fixed set (`Emoji`) shows and is named. */
export const SHOWN: Record<Emoji, { symbol: string; name: string }> = {
  heart: { symbol: '❤️', name: 'Heart' },
  celebrate: { symbol: '🎉', name: 'Celebrate' },
  insightful: { symbol: '💡', name: 'Insightful' },
  thanks: { symbol: '🙏', name: 'Thanks' },
  curious: { symbol: '🤔', name: 'Curious' },
};
