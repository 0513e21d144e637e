import { can, PROMOTION_ARCHIVE_MESSAGES, PROMOTION_CARDS_PAGE_SIZE, type PromotionCard, routeByName } from '@promovente/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Building2, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Badge } from '../../../components/ui/Badge';
import { buttonClasses } from '../../../components/ui/Button';
import { cn } from '../../../components/ui/cn';
import { InputField } from '../../../components/ui/Field';
import { Pagination } from '../../../components/ui/Pagination';
import { Spinner } from '../../../components/ui/Spinner';
import { actorOf, useUser } from '../../../lib/auth';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback';
import { usePromotionCards } from '../api/promotions';
import { selectPromotion } from '../api/select-promotion';

/** The search box shows once the list runs over a page (or while a search is under way). */
export const showsPromotionSearch = (total: number, search: string) => total > PROMOTION_CARDS_PAGE_SIZE || search.trim() !== '';

/** The page asked in the URL: a whole number from 1, else 1. */
export const pageFromParam = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/** The two lists of the screen: the promotions in progress, and the filter 'Archivées'. */
const FILTERS = [
  { archived: false, label: PROMOTION_ARCHIVE_MESSAGES.filterCurrent },
  { archived: true, label: PROMOTION_ARCHIVE_MESSAGES.filterArchived },
] as const;

/**
 * 'Mes promotions' (docs/product/promotion-administration.md#mes-promotions): a card per promotion,
 * searchable by title and paged in the URL; a card makes its promotion the current one and
 * opens the promotion record. The archived promotions are under the filter 'Archivées'
 * (?archived=1), each card marked 'Archivée' (docs/product/promotion-administration.md#archived-promotion).
 */
export const PromotionsPage = () => {
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = pageFromParam(params.get('page'));
  const archived = params.get('archived') === '1';
  const [typed, setTyped] = useState(search);
  const cards = usePromotionCards(search, page, archived);

  const setQuery = (next: { search?: string; page?: number; archived?: boolean }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next.search !== undefined) {
          if (next.search.trim()) updated.set('search', next.search.trim());
          else updated.delete('search');
          updated.delete('page');
        }
        if (next.page !== undefined) {
          if (next.page > 1) updated.set('page', String(next.page));
          else updated.delete('page');
        }
        if (next.archived !== undefined) {
          if (next.archived) updated.set('archived', '1');
          else updated.delete('archived');
          updated.delete('page');
        }
        return updated;
      },
      { replace: true },
    );
  const searchLater = useDebouncedCallback((value: string) => setQuery({ search: value }), 300);

  const open = async (card: PromotionCard) => {
    await selectPromotion(queryClient, card.id);
    navigate(routeByName('promotion').path);
  };

  const answer = cards.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900">Mes promotions</h1>
        {user && can(actorOf(user), 'promotion.add') && (
          <Link to={routeByName('promotion.add').path} className={buttonClasses('primary')}>
            <Plus className="size-4" aria-hidden="true" />
            Ajouter une promotion
          </Link>
        )}
      </div>
      <fieldset className="inline-flex rounded-md border border-slate-300 bg-white p-0.5">
        <legend className="sr-only">Filtre des promotions</legend>
        {FILTERS.map((filter) => (
          <button
            key={filter.label}
            type="button"
            aria-pressed={archived === filter.archived}
            onClick={() => setQuery({ archived: filter.archived })}
            className={cn(
              'rounded px-3 py-1 text-sm',
              archived === filter.archived ? 'bg-brand-50 font-medium text-brand-800' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            {filter.label}
          </button>
        ))}
      </fieldset>
      {answer && showsPromotionSearch(answer.total, search) && (
        <InputField
          label="Rechercher une promotion"
          type="search"
          value={typed}
          className="max-w-sm"
          onChange={(event) => {
            setTyped(event.target.value);
            searchLater(event.target.value);
          }}
        />
      )}
      {cards.isPending && <Spinner />}
      {answer && answer.data.length === 0 && (
        <p className="text-sm text-slate-600">
          {search
            ? 'Aucune promotion ne correspond à la recherche.'
            : archived
              ? "Vous n'avez aucune promotion archivée."
              : "Vous n'avez aucune promotion."}
        </p>
      )}
      {answer && answer.data.length > 0 && (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Promotions">
          {answer.data.map((card) => (
            <li key={card.id}>
              <button
                type="button"
                onClick={() => open(card)}
                className="flex h-full w-full flex-col items-center gap-3 rounded-lg border border-slate-200 bg-white p-4 text-center shadow-xs hover:border-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                <span className="flex size-24 items-center justify-center overflow-hidden rounded-md bg-slate-50">
                  {card.logo ? (
                    <img src={card.logo} alt="" className="size-full object-contain" />
                  ) : (
                    <Building2 className="size-10 text-slate-300" aria-hidden="true" />
                  )}
                </span>
                <span className="text-sm font-semibold text-slate-900">{card.title}</span>
                {card.archived && <Badge tone="warning">{PROMOTION_ARCHIVE_MESSAGES.archivedBadge}</Badge>}
                {card.agencies.length > 0 && <span className="text-xs text-slate-600">{card.agencies.join(', ')}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      {answer && (
        <Pagination currentPage={answer.current_page} lastPage={answer.last_page} onPageChange={(next) => setQuery({ page: next })} />
      )}
    </div>
  );
};
