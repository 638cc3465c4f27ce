import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box over a filter that lives elsewhere (the address): what is typed shows at once and is
 * committed after a pause. When the filter changes from outside (back button, "clear filters"), the box
 * shows it and drops what was being typed.
 */
export function useDebouncedSearch(value: string, commit: (search: string) => void) {
  const [search, setSearch] = useState(value);
  // The search this box last committed, to tell its own changes from the filter changing elsewhere.
  const committed = useRef(value);
  const commitLater = useDebouncedCallback((typed: string) => {
    committed.current = typed.trim();
    commit(committed.current);
  }, SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if (value === committed.current) return;
    committed.current = value;
    commitLater.cancel();
    setSearch(value);
  }, [value, commitLater]);

  const type = (typed: string) => {
    setSearch(typed);
    commitLater(typed);
  };
  return [search, type] as const;
}
