import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { renderWithProviders } from '@test/render-with-providers';
import { LEAVE_TEXT, useUnsavedChanges } from '@/ui/leave-guard';
import { VARIA_LOAD_ERROR } from './reference-kinds';
import { useReference, useReferenceStore } from './use-reference-store';

const varia = {
  groups: [],
  items: [{ id: 5, name: '誕生日', type: 'date', group_id: null, favorite: false, order: 1 }],
  ids: [5],
};

/** A screen that lists the friend-information items and edits a note about them. */
function VariaScreen() {
  const { loaded, data } = useReference('varia');
  const store = useReferenceStore();
  const [note, setNote] = useState('');
  const { dirty } = useUnsavedChanges(note, '');
  return (
    <section>
      <p>{loaded ? '読み込み済み' : '読み込み中'}</p>
      <ul aria-label="友だち情報">
        {data.items.map((item) => (
          <li key={item.id}>{item.name}</li>
        ))}
      </ul>
      <label>
        メモ
        <input value={note} onChange={(event) => setNote(event.target.value)} />
      </label>
      <span data-testid="dirty">{String(dirty)}</span>
      <button type="button" onClick={() => void store.load('varia', { force: true })}>
        再読み込み
      </button>
    </section>
  );
}

const variaCalls = (app: { calls: { path: string }[] }) =>
  app.calls.filter((call) => call.path === '/api/v_resource/varia');

const routes = [
  { path: '/a', element: <VariaScreen /> },
  { path: '/b', element: <VariaScreen /> },
];

describe('reference store in the console', { timeout: 30_000 }, () => {
  it('REF-18 REF-20 a screen shows the data once loaded; another screen reuses it without a request', async () => {
    const app = renderWithProviders(routes, '/a', {
      'GET /api/v_resource/varia': () => reply(200, varia),
    });
    expect(await screen.findByText('読み込み済み')).toBeVisible();
    expect(
      within(screen.getByRole('list', { name: '友だち情報' })).getByText('誕生日'),
    ).toBeVisible();
    await act(() => app.router.navigate('/b'));
    expect(screen.getByText('誕生日')).toBeVisible();
    expect(variaCalls(app)).toHaveLength(1);
  });

  it('REF-24 REF-28 a failed load shows the error toast, and the screen is loaded (empty), not spinning', async () => {
    const app = renderWithProviders(routes, '/a', {
      'GET /api/v_resource/varia': () => reply(500, { message: 'サーバーエラー' }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(VARIA_LOAD_ERROR);
    expect(screen.getByText('読み込み済み')).toBeVisible();
    await act(() => app.router.navigate('/b'));
    expect(variaCalls(app)).toHaveLength(1); // REF-19: no retry
  });

  it('REF-17 the unsaved-edit flag is separate from the loaded flags: a reload keeps the edit and its leave warning', async () => {
    const app = renderWithProviders(routes, '/a', {
      'GET /api/v_resource/varia': () => reply(200, varia),
    });
    await screen.findByText('読み込み済み');
    await app.user.type(screen.getByLabelText('メモ'), '下書き');
    expect(screen.getByTestId('dirty')).toHaveTextContent('true');
    await app.user.click(screen.getByRole('button', { name: '再読み込み' }));
    await waitFor(() => expect(variaCalls(app)).toHaveLength(2));
    expect(screen.getByTestId('dirty')).toHaveTextContent('true');
    expect(screen.getByLabelText('メモ')).toHaveValue('下書き');
    await act(() => app.router.navigate('/b'));
    expect(screen.getByRole('alertdialog', { name: LEAVE_TEXT.title })).toBeVisible();
  });
});
