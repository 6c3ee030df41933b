import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ProtocolVersion } from '@/api/model';
import { checkRegistration, sha256 } from './check';

const hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A registration sealed as the server seals it: the document's hash recorded in an audit
 * entry whose content (JSON in its fields' order) and link (`prev:seq:content`) are hashed. */
function sealed(document: string): ProtocolVersion {
  const contentHash = hex(document);
  const content = {
    created_at: '2026-12-07T09:40:00.123456Z',
    actor_id: 7,
    action: 'protocol.register',
    subject_type: 'project_protocol',
    subject_id: '3',
    about_user_id: 7,
    detail: JSON.stringify({ before: null, after: { project_id: 42, version: 1, content_hash: contentHash }, reason: null }),
  };
  const entryContentHash = hex(JSON.stringify(content));
  const prev = 'a'.repeat(64);
  return {
    version: 1,
    registered_at: '2026-12-07T09:40:00Z',
    reason: null,
    body: '<p>Adults, “über” 120 patients.</p>',
    files: [],
    content_hash: contentHash,
    document,
    audit: { seq: 12, prev_hash: prev, content_hash: entryContentHash, hash: hex(`${prev}:12:${entryContentHash}`), content },
  };
}

const DOCUMENT = JSON.stringify({ project_id: 42, version: 1, registered_at: '2026-12-07T09:40:00Z', body: '<p>Adults, “über” 120 patients.</p>', reason: null, files: [] });

describe('checkRegistration', () => {
  it('hashes as the server does, non-ASCII text included', async () => {
    expect(await sha256('“über”')).toBe(hex('“über”'));
  });

  it('passes every step of an intact registration', async () => {
    expect(await checkRegistration(sealed(DOCUMENT))).toEqual({ document: true, recorded: true, sealed: true, seq: 12 });
  });

  it('finds a document changed after registration', async () => {
    const version = { ...sealed(DOCUMENT), document: DOCUMENT.replace('120', '150') };
    expect((await checkRegistration(version)).document).toBe(false);
  });

  it('finds an audit entry whose content was rewritten', async () => {
    const version = sealed(DOCUMENT);
    const audit = { ...version.audit!, content: { ...version.audit!.content!, actor_id: 8 } };
    const result = await checkRegistration({ ...version, audit });
    expect(result).toMatchObject({ document: true, recorded: true, sealed: false });
  });

  it('finds an entry that records another hash', async () => {
    const other = sealed(DOCUMENT.replace('120', '150'));
    const result = await checkRegistration({ ...sealed(DOCUMENT), audit: other.audit });
    expect(result).toMatchObject({ document: true, recorded: false, sealed: true });
  });
});
