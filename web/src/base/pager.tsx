/** Previous / next page of a paginated list, with where we are. */
export function Pager({
  page,
  totalPages,
  total,
  onPage,
}: {
  page: number;
  totalPages: number;
  total: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav class="pager" aria-label="Phân trang">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        ‹ Trang trước
      </button>
      <span>
        Trang {page} / {Math.max(1, totalPages)} ({total} kết quả)
      </span>
      <button type="button" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Trang sau ›
      </button>
    </nav>
  );
}
