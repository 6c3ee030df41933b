/** How the server's profile-completion items (spec §5, document 1) read on screen. */
const itemLabels: Record<string, string> = {
  name: 'Your name',
  affiliation: 'Your affiliation',
  avatar: 'A profile picture',
  social_or_website: 'A social profile or website',
  location: 'Your location',
  bio: 'A short bio',
  area_of_interest: 'Areas of interest',
  tags: 'Profile tags',
  looking_for: 'What you are looking for',
};

export const completionItemLabel = (item: string): string => itemLabels[item] ?? item;

export function completionPercent({ completed, total }: { completed: number; total: number }): number {
  return total === 0 ? 100 : Math.round((completed / total) * 100);
}
