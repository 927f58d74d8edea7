/**
 * The catalogue search of the till, among the products on sale. A barcode scanner types the code and presses
 * Enter: Enter adds the product whose barcode or SKU is exactly what was typed, or else the first one found,
 * then empties the field for the next scan. Results can also be clicked or reached with Tab.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, call } from '../api/client';
import { money } from '../base/format';
import type { CatalogueProduct } from './draft';
import { T } from './strings';

type Product = CatalogueProduct & { barcode?: string };

async function search(text: string): Promise<Product[]> {
  const page = await call(
    api.GET('/api/v1/products', { params: { query: { search: text, active: 'true', pageSize: 8 } } }),
  );
  return page.items;
}

export function ProductSearch({ onAdd, disabled }: { onAdd: (product: Product) => void; disabled: boolean }) {
  const [text, setText] = useState('');
  const [found, setFound] = useState<Product[]>([]);
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    const wanted = text.trim();
    if (!wanted) return setFound([]);
    const timer = setTimeout(() => {
      search(wanted)
        .then((items) => {
          setFound(items);
          setError(items.length === 0 ? T.noProduct : undefined);
        })
        .catch((caught: Error) => setError(caught.message));
    }, 150);
    return () => clearTimeout(timer);
  }, [text]);

  const add = (product: Product) => {
    onAdd(product);
    setText('');
    setFound([]);
    input.current?.focus();
  };

  const onKeyDown = async (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const wanted = text.trim();
    if (!wanted) return;
    try {
      const items = await search(wanted);
      const chosen = items.find((p) => p.barcode === wanted || p.sku === wanted) ?? items[0];
      if (chosen) add(chosen);
      else setError(T.noProduct);
    } catch (caught) {
      setError((caught as Error).message);
    }
  };

  return (
    <div class="results">
      <label for="product-search">{T.search}</label>
      <input
        id="product-search"
        ref={input}
        type="search"
        autocomplete="off"
        value={text}
        disabled={disabled}
        aria-describedby="product-search-message"
        onInput={(e) => setText(e.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <p id="product-search-message" class="field-error" aria-live="polite">
        {error ?? ''}
      </p>
      {found.length > 0 && (
        <ul aria-label="Kết quả tìm kiếm">
          {found.map((p) => (
            <li key={p.sku}>
              <button type="button" onClick={() => add(p)} disabled={disabled}>
                <span>
                  {p.name} <span class="muted">({p.sku})</span>
                </span>
                <span>{money(p.unitPrice)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
