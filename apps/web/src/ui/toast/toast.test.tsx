import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from './index';

function Trigger() {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast.success('保存しました')}>成功</button>
      <button onClick={() => toast.error('失敗しました')}>失敗</button>
    </>
  );
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('UI-47 a toast closes automatically after exactly 3000 ms', () => {
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: '成功' }).click());
    expect(screen.getByRole('status')).toHaveTextContent('保存しました');

    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByRole('status')).toHaveTextContent('保存しました');

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('UI-47 error toasts are alerts and also close after 3000 ms', () => {
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: '失敗' }).click());
    expect(screen.getByRole('alert')).toHaveTextContent('失敗しました');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('can be closed early with its close button', () => {
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: '成功' }).click());
    act(() => screen.getByRole('button', { name: '閉じる' }).click());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
