import { describe, expect, it } from 'vitest';
import type { ProtocolVersion } from '@/api/model';
import { checkRegistration, sha256 } from './check';

/** A registration sealed as the server seals it, its hashes computed apart (Python's
 * hashlib): the document's hash recorded in an audit entry whose content (JSON in its
 * fields' order) and link (`prev:seq:content`) are hashed in turn. */
const SEALED: ProtocolVersion = {
  version: 1,
  registered_at: '2026-12-07T09:40:00Z',
  reason: null,
  body: '<p>Adults, “über” 120 patients.</p>',
  files: [],
  content_hash: '89cc7ccdbc32e498fe0790f2da81589bf62b118225f162f7aa3956942079c0e5',
  document: '{"project_id":42,"version":1,"registered_at":"2026-12-07T09:40:00Z","body":"<p>Adults, “über” 120 patients.</p>","reason":null,"files":[]}',
  audit: {
    seq: 12,
    prev_hash: 'a'.repeat(64),
    content_hash: 'd6a35129580b5d217390539850659476c9d3ee5f17f1bfc0c15af622c5a2c229',
    hash: '1128952b6020fff339fff84329a6a0e46b07e61754d999650b67779da77cb2be',
    content: {
      created_at: '2026-12-07T09:40:00.123456Z',
      actor_id: 7,
      action: 'protocol.register',
      subject_type: 'project_protocol',
      subject_id: '3',
      about_user_id: 7,
      detail:
        '{"before":null,"after":{"project_id":42,"version":1,"content_hash":"89cc7ccdbc32e498fe0790f2da81589bf62b118225f162f7aa3956942079c0e5"},"reason":null}',
    },
  },
};

describe('checkRegistration', () => {
  it('hashes UTF-8 as the server does', async () => {
    expect(await sha256('“über”')).toBe('7d18b32248ad54b2315565d6d20694c5c2119012499313844891ea4fe19e67ef');
  });

  it('passes every step of an intact registration', async () => {
    expect(await checkRegistration(SEALED)).toEqual({ document: true, recorded: true, sealed: true, seq: 12 });
  });

  it('finds a document changed after registration', async () => {
    const changed = { ...SEALED, document: SEALED.document.replace('120', '150') };
    expect(await checkRegistration(changed)).toMatchObject({ document: false, recorded: true, sealed: true });
  });

  it('finds an audit entry whose content was rewritten', async () => {
    const audit = { ...SEALED.audit!, content: { ...SEALED.audit!.content!, actor_id: 8 } };
    expect(await checkRegistration({ ...SEALED, audit })).toMatchObject({ document: true, recorded: true, sealed: false });
  });

  it('finds an entry that records another hash', async () => {
    const other = { ...SEALED, content_hash: 'f'.repeat(64) };
    expect(await checkRegistration(other)).toMatchObject({ document: false, recorded: false });
  });
});
