import { counted } from '@/lib/plural';

/** How long a campaign has left, or that it ended; null without an end. */
export function daysLeft(closesAt: string | null | undefined, now = Date.now()): string | null {
  if (!closesAt) return null;
  const days = Math.ceil((new Date(closesAt).getTime() - now) / 86_400_000);
  return days > 0 ? `${counted(days, 'day')} left` : 'Campaign ended';
}
