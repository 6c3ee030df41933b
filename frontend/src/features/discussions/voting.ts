/** Why a viewer cannot vote on a post, if they cannot (spec 2 §4 Voting). */
export function voteBlock(signedIn: boolean, post: { is_owner: boolean; deleted_at?: string | null }): string | undefined {
  if (!signedIn) return 'Sign in to vote';
  if (post.deleted_at) return 'Deleted posts take no votes';
  if (post.is_owner) return 'You cannot vote on your own post';
  return undefined;
}
