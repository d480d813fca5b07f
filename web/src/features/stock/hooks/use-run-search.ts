import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useUi } from '../../../lib/ui-state';
import { useIsAdmin } from '../../../lib/session';
import type { OrderResponse } from '../../../types/api';
import { currentOrderKey } from '../../../api/get-current-order';
import { modeFromPath, MODES } from '../../../lib/browse-modes';
import { addToHistory, appendSearchTerm, normaliseTerm } from '../lib/search';

export function searchPath(term: string): string {
  const clean = normaliseTerm(term);
  return clean ? `/search/${encodeURIComponent(clean)}` : '/search';
}

/**
 * Runs a search: remembers the mode it came from and goes to /search/{term}. The search call itself
 * records the term on the shopper's order (server side); the cached order is updated the same way
 * at once so the recent-search dropdown shows it without another request.
 */
export function useRunSearch() {
  const navigate = useNavigate();
  const location = useLocation();
  const { setPreviousMode } = useUi();
  const isAdmin = useIsAdmin();
  const queryClient = useQueryClient();

  return useCallback(
    (term: string) => {
      const clean = normaliseTerm(term);
      if (!clean) return;
      const mode = modeFromPath(location.pathname);
      if (mode) setPreviousMode(mode);
      navigate(searchPath(clean));
      const cached = queryClient.getQueryData<OrderResponse>(currentOrderKey);
      if (!cached?.order || cached.order.complete || isAdmin) return;
      const order = cached.order;
      queryClient.setQueryData<OrderResponse>(currentOrderKey, {
        ...cached,
        order: {
          ...order,
          searchHistory: addToHistory(order.searchHistory, clean),
          searchTerms: appendSearchTerm(order.searchTerms, clean),
        },
      });
    },
    [location.pathname, navigate, setPreviousMode, isAdmin, queryClient],
  );
}

/** Clearing the search returns to the previous mode's route. */
export function useClearSearch() {
  const navigate = useNavigate();
  const { previousMode } = useUi();
  return useCallback(() => navigate(MODES[previousMode].path), [navigate, previousMode]);
}
