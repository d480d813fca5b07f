import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useMatch } from 'react-router';
import { CloseIcon, HistoryIcon, SearchIcon } from '../../components/ui/icons';
import { useCurrentOrder } from '../../api/get-current-order';
import { useClearSearch, useRunSearch } from '../../features/stock/hooks/use-run-search';
import { COMMON_SEARCHES } from '../../features/stock/lib/search';

function logoClass(term: string): string {
  return `logo-chip logo-chip--${term.toLowerCase().replace(/[^a-z]+/g, '-')}`;
}

/** The header search: Enter or the search icon runs it; recent searches and the six common searches drop down. */
export function SearchBox() {
  const runSearch = useRunSearch();
  const clearSearch = useClearSearch();
  const location = useLocation();
  const match = useMatch('/search/:searchTerm');
  const routeTerm = match?.params.searchTerm ?? '';
  const { data } = useCurrentOrder();
  const history = data?.order?.searchHistory ?? [];
  const [term, setTerm] = useState(routeTerm);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  // The box shows the term of the page on screen: a search's term on /search/{term}, and nothing
  // elsewhere (Back from a search to a browse screen empties it; Back to a search shows its term).
  useEffect(() => {
    setTerm(routeTerm);
  }, [routeTerm, location.key]);

  const search = (value: string) => {
    setOpen(false);
    if (!value.trim()) return;
    setTerm(value);
    input.current?.blur();
    runSearch(value);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    search(term);
  };

  const clear = () => {
    setTerm('');
    input.current?.focus();
    if (location.pathname.startsWith('/search')) clearSearch();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      input.current?.focus();
    }
  };

  return (
    <form
      ref={root}
      role="search"
      aria-label="Search the shop"
      className="search-box"
      onSubmit={submit}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Search
      </label>
      <input
        ref={input}
        id={id}
        className="search-box__input"
        type="search"
        placeholder="Search comics, characters, publishers…"
        autoComplete="off"
        enterKeyHint="search"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
      />
      {term ? (
        <button type="button" className="search-box__clear" aria-label="Clear search" onClick={clear}>
          <CloseIcon size={18} />
        </button>
      ) : null}
      <button type="submit" className="search-box__go" aria-label="Search">
        <SearchIcon size={20} />
      </button>
      {open ? (
        // Keep focus in the box while a suggestion is clicked (browsers that do not focus buttons on click).
        <div id={`${id}-suggestions`} className="search-dropdown" onMouseDown={(e) => e.preventDefault()}>
          {history.length ? (
            <section aria-labelledby={`${id}-recent`}>
              <h2 id={`${id}-recent`} className="search-dropdown__heading">
                Recent searches
              </h2>
              <ul className="search-dropdown__list">
                {history.map((h) => (
                  <li key={h}>
                    <button type="button" className="search-dropdown__item" onClick={() => search(h)}>
                      <HistoryIcon size={16} /> {h}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby={`${id}-common`}>
            <h2 id={`${id}-common`} className="search-dropdown__heading">
              Common
            </h2>
            <CommonSearches onPick={search} />
          </section>
        </div>
      ) : null}
    </form>
  );
}

/** The six quick-search logos. */
export function CommonSearches({ onPick }: { onPick: (term: string) => void }) {
  return (
    <ul className="logo-grid">
      {COMMON_SEARCHES.map((term) => (
        <li key={term}>
          <button type="button" className={logoClass(term)} aria-label={`Search ${term}`} onClick={() => onPick(term)}>
            <span aria-hidden="true">{term}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
