import { Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { staffCreateLookup, staffDeleteLookup, staffUpdateLookup, useStaffListLookup } from '@/api/endpoints/groups-staff/groups-staff';
import { Catalogue } from '@/ui/console/Catalogue';
import { StaffPage } from '@/ui/console/StaffPage';

type Kind = 'tags' | 'goals' | 'roles';

const KINDS: { kind: Kind; tab: string; noun: string; text: string }[] = [
  { kind: 'tags', tab: 'Topics', noun: 'topic', text: 'The topics working groups are tagged with and members follow.' },
  { kind: 'goals', tab: 'Goals', noun: 'goal', text: "The goals a working group's wizard offers." },
  { kind: 'roles', tab: 'Industry partner roles', noun: 'role', text: "The industry partner's roles the wizard offers." },
];

/** The slug that asks for free text in the wizard; it stays. */
const OTHER = 'other';

/** /staff/lookups: working-group topics, goals and industry partner roles. */
export function LookupsPage() {
  const [kind, setKind] = useState<Kind>('tags');
  const list = useStaffListLookup(kind);
  const current = KINDS.find((entry) => entry.kind === kind) ?? KINDS[0];
  return (
    <StaffPage title="Tags and lookups">
      <Tabs value={kind} onChange={(_, next: Kind) => setKind(next)} variant="scrollable">
        {KINDS.map((entry) => (
          <Tab key={entry.kind} value={entry.kind} label={entry.tab} />
        ))}
      </Tabs>
      <Typography color="text.secondary">{current.text}</Typography>
      <Catalogue
        key={kind}
        noun={current.noun}
        labelField="Title"
        usesLabel="Groups"
        entries={list.data?.data.map((item) => ({
          id: item.id,
          label: item.title,
          slug: item.slug,
          uses: item.groups,
          fixed: item.slug === OTHER,
        }))}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        save={(title, slug, id) =>
          id === undefined
            ? staffCreateLookup(kind, { title, slug: slug || null })
            : staffUpdateLookup(kind, id, { title, slug: slug || null })
        }
        remove={(id) => staffDeleteLookup(kind, id)}
      />
    </StaffPage>
  );
}
