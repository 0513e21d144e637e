import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination } from './Pagination';

describe('Pagination', () => {
  afterEach(cleanup);

  it('marks the current page and asks for the chosen one', () => {
    const onPageChange = vi.fn();
    render(<Pagination currentPage={2} lastPage={5} onPageChange={onPageChange} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(onPageChange).toHaveBeenCalledWith(4);
  });

  it('never asks for a page outside 1..last page', () => {
    const onPageChange = vi.fn();
    render(<Pagination currentPage={1} lastPage={3} onPageChange={onPageChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Page précédente' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(onPageChange).not.toHaveBeenCalled();
  });
});
