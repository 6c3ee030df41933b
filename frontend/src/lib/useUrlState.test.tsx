import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlChoice, useUrlPage, useUrlSearch } from './useUrlState';

function SearchList() {
  const { text, setText, settled } = useUrlSearch(20);
  const [page, setPage] = useUrlPage();
  return (
    <>
      <input aria-label="Search" value={text} onChange={(event) => setText(event.target.value)} />
      <p>results for “{settled}” page {page}</p>
      <button onClick={() => setPage(page + 1)}>Next page</button>
    </>
  );
}

const BOXES = ['open', 'handled'] as const;

function Tabbed() {
  const [box, setBox] = useUrlChoice('box', BOXES, 'open');
  const [page, setPage] = useUrlPage();
  return (
    <>
      <p>
        {box} page {page}
      </p>
      <button onClick={() => setBox(box === 'open' ? 'handled' : 'open')}>Switch</button>
      <button onClick={() => setPage(page + 1)}>Next page</button>
    </>
  );
}

/** Two writes before the page renders again: a filter chosen, then a search typed at once. */
function Quick() {
  const [box, setBox] = useUrlChoice('box', BOXES, 'open');
  const { setText } = useUrlSearch(20);
  return (
    <button
      onClick={() => {
        setBox('handled');
        setText('stroke');
      }}
    >
      Both {box}
    </button>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/list', element: <SearchList /> },
      { path: '/tabbed', element: <Tabbed /> },
      { path: '/quick', element: <Quick /> },
      { path: '/elsewhere', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 60)));

describe('list state in the address', () => {
  it('starts from a shared link', async () => {
    renderAt('/list?search=stroke&page=2');
    expect(screen.getByLabelText('Search')).toHaveValue('stroke');
    expect(screen.getByText('results for “stroke” page 2')).toBeInTheDocument();
  });

  it('writes a settled search, starts it from page 1, and comes back with Back', async () => {
    const router = renderAt('/list?page=3');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'aphasia ' } });
    await settle();
    expect(router.state.location.search).toBe('?search=aphasia');
    expect(screen.getByText('results for “aphasia” page 1')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Next page'));
    expect(router.state.location.search).toBe('?search=aphasia&page=2');

    await act(() => router.navigate('/elsewhere'));
    await act(() => router.navigate(-1));
    await settle();
    expect(screen.getByLabelText('Search')).toHaveValue('aphasia');
    expect(screen.getByText('results for “aphasia” page 2')).toBeInTheDocument();
  });

  it('keeps every write made before the page renders again', async () => {
    const router = renderAt('/quick');
    fireEvent.click(screen.getByText('Both open'));
    await settle();
    expect(new URLSearchParams(router.state.location.search).get('box')).toBe('handled');
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('stroke');
  });

  it('keeps a choice among fixed values, falls back on an unknown one, and starts it from page 1', async () => {
    const router = renderAt('/tabbed?box=archived&page=2');
    expect(screen.getByText('open page 2')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Switch'));
    expect(router.state.location.search).toBe('?box=handled');
    expect(screen.getByText('handled page 1')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Switch'));
    expect(router.state.location.search).toBe('');
  });
});
