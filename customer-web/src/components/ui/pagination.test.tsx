import { fireEvent, render, screen } from '@testing-library/react';
import { pageCountOf, pageSlice, pageWindow, Pagination } from './pagination';

describe('pagination', () => {
  it('shows `siblings` numbers on each side, keeping the window full near the ends', () => {
    expect(pageWindow(1, 10, 2)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 10, 2)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(10, 10, 2)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(6, 20, 4)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageWindow(2, 3, 4)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0, 2)).toEqual([]);
  });

  it('cuts rows into pages of 10', () => {
    const rows = Array.from({ length: 23 }, (_, i) => i + 1);
    expect(pageCountOf(rows.length, 10)).toBe(3);
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageSlice(rows, 1, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageSlice(rows, 3, 10)).toEqual([21, 22, 23]);
  });

  it('moves by number, by step and to the ends, never past them', () => {
    const pages: number[] = [];
    render(<Pagination page={1} pageCount={12} siblings={2} onChange={(p) => pages.push(p)} />);
    expect(screen.getByRole('button', { name: '1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: '6' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '이전 페이지' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    fireEvent.click(screen.getByRole('button', { name: '다음 페이지' }));
    fireEvent.click(screen.getByRole('button', { name: '마지막 페이지' }));
    expect(pages).toEqual([3, 2, 12]);
  });

  it('is not drawn for a single page', () => {
    const { container } = render(<Pagination page={1} pageCount={1} onChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
});
