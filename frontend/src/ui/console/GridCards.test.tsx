import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GridCards } from './GridCards';

const rows = [
  { id: 1, name: 'Ada' },
  { id: 2, name: 'Grace' },
];

describe('GridCards', () => {
  it('keeps the pager outside the list, which holds only its items', () => {
    render(
      <GridCards label="Users" rows={rows} columns={[{ field: 'name', headerName: 'Name' }]} loading={false} empty="None" page={1} pages={3} onPage={() => undefined} />,
    );
    const list = screen.getByRole('list', { name: 'Users' });
    expect([...list.children].map((child) => child.tagName)).toEqual(['LI', 'LI']);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(list.contains(screen.getByText('Page 1 of 3'))).toBe(false);
  });
});
