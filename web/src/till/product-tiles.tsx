/**
 * The grid of product tiles a cashier taps: name, price and the initials of the name, one tap adds one. With
 * products that carry a category (the catalogue screen's "Nhóm hàng"), a row of category buttons filters them;
 * products marked favourite come first. The first 100 products on sale are shown (a deactivated product is
 * not); the search finds the rest.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client';
import { money } from '../base/format';
import type { CatalogueProduct } from './draft';
import { T } from './strings';

type Tile = CatalogueProduct & { category?: string; favourite: boolean };

/** "Cà phê sữa đá" → "CS": the first letters of the first two words. */
export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');

export function ProductTiles({ onAdd, disabled }: { onAdd: (product: CatalogueProduct) => void; disabled: boolean }) {
  const [tiles, setTiles] = useState<Tile[]>([]);
  const [category, setCategory] = useState<string>();
  useEffect(() => {
    call(api.GET('/api/v1/products', { params: { query: { active: 'true', pageSize: 100 } } }))
      .then((page) => {
        const items: Tile[] = page.items;
        // Favourites first, the catalogue's order kept otherwise (sort is stable).
        setTiles([...items].sort((a, b) => Number(b.favourite) - Number(a.favourite)));
      })
      .catch(() => {});
  }, []);
  if (tiles.length === 0) return null;
  const categories = [...new Set(tiles.map((t) => t.category).filter((c): c is string => Boolean(c)))];
  const shown = category ? tiles.filter((t) => t.category === category) : tiles;
  return (
    <section class="tiles" aria-label={T.tiles}>
      {categories.length > 0 && (
        <fieldset class="categories">
          <legend class="visually-hidden">{T.category}</legend>
          {[undefined, ...categories].map((c) => (
            <button
              key={c ?? ''}
              type="button"
              aria-pressed={category === c ? 'true' : 'false'}
              onClick={() => setCategory(c)}
            >
              {c ?? T.allCategories}
            </button>
          ))}
        </fieldset>
      )}
      <ul class="tile-grid">
        {shown.map((p) => (
          <li key={p.sku}>
            <button
              type="button"
              class="tile"
              disabled={disabled}
              aria-label={T.tileOf(p.name, money(p.unitPrice))}
              onClick={() => onAdd(p)}
            >
              <span class="tile-initials" aria-hidden="true">
                {initials(p.name)}
              </span>
              <span class="tile-name">{p.name}</span>
              <span class="tile-price num">{money(p.unitPrice)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
