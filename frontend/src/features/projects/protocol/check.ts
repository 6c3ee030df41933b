import type { ProtocolVersion } from '@/api/model';

/** The hex SHA-256 of `text` (UTF-8), by the browser's own Web Crypto. */
export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** What the browser found on checking a registration, step by step. */
export interface RegistrationCheck {
  /** The document (text, reason, files' hashes) hashes to the registered hash. */
  document: boolean;
  /** The audit entry records that very hash. */
  recorded: boolean;
  /** The entry's content hashes to its content hash, and its link hash is of its parts. */
  sealed: boolean;
  /** The entry's place in the chain, when there is one. */
  seq: number | null;
}

/** Rechecks, in the browser, what the server says of a registration: no step trusts it.
 * The audit entry's content is hashed as the server's chain hashes it: its JSON, in its
 * fields' order, and the link as `prev:seq:content`. */
export async function checkRegistration(version: ProtocolVersion): Promise<RegistrationCheck> {
  const document = (await sha256(version.document)) === version.content_hash;
  const entry = version.audit;
  if (!entry?.content) return { document, recorded: false, sealed: false, seq: null };
  const content = entry.content;
  let recorded = false;
  try {
    const detail = JSON.parse(content.detail) as { after?: { content_hash?: string } };
    recorded = detail.after?.content_hash === version.content_hash;
  } catch {
    recorded = false;
  }
  const ordered = {
    created_at: content.created_at,
    actor_id: content.actor_id,
    action: content.action,
    subject_type: content.subject_type,
    subject_id: content.subject_id,
    about_user_id: content.about_user_id ?? null,
    detail: content.detail,
  };
  const contentHash = await sha256(JSON.stringify(ordered));
  const linkHash = await sha256(`${entry.prev_hash}:${entry.seq}:${entry.content_hash}`);
  return { document, recorded, sealed: contentHash === entry.content_hash && linkHash === entry.hash, seq: entry.seq };
}
