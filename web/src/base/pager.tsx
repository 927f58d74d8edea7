/**
 * Previous / next page of a paginated list, with where we are. A total counted only so far
 * (`totalIsLowerBound`, docs/api.md) reads "at least N".
 */
export function Pager({
  page,
  totalPages,
  total,
  totalIsLowerBound,
  onPage,
}: {
  page: number;
  totalPages: number;
  total: number;
  totalIsLowerBound?: boolean | undefined;
  onPage: (page: number) => void;
}) {
  return (
    <nav class="pager" aria-label="Phân trang">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        ‹ Trang trước
      </button>
      <span>
        Trang {page} / {Math.max(1, totalPages)} ({totalIsLowerBound ? 'ít nhất ' : ''}
        {total} kết quả)
      </span>
      <button type="button" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Trang sau ›
      </button>
    </nav>
  );
}
