import { candidateRecordPath } from '@promovente/shared';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/Spinner';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback';
import { useCandidateSearch } from '../api/candidate-record';
import { CANDIDATE_SEARCH_DEBOUNCE_MS } from '../record-view';

/** Shown results at most (the first page of GET candidates is 50). */
const SHOWN = 8;

/** The candidate search of the record (docs/product/candidate-record.md#screens): debounced 300 ms, a result opens that record. */
export const CandidateSearch = ({ promotionId, currentId }: { promotionId: number | null; currentId: number }) => {
  const inputId = useId();
  const listId = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const applySearch = useDebouncedCallback((value: string) => setSearch(value.trim()), CANDIDATE_SEARCH_DEBOUNCE_MS);
  const results = useCandidateSearch(search, promotionId);
  const found = (results.data?.data ?? []).filter((candidate) => candidate.id !== currentId).slice(0, SHOWN);
  const showList = search.length > 0 && text.trim().length > 0;

  const handleChange = (value: string) => {
    setText(value);
    applySearch(value);
  };

  return (
    <div className="relative w-full max-w-sm">
      <label htmlFor={inputId} className="sr-only">
        Rechercher un candidat
      </label>
      <Search className="pointer-events-none absolute top-2.5 left-3 size-4 text-slate-400" aria-hidden="true" />
      <input
        id={inputId}
        type="search"
        value={text}
        onChange={(event) => handleChange(event.target.value)}
        placeholder="Rechercher un candidat"
        aria-controls={showList ? listId : undefined}
        className="block w-full rounded-md border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 shadow-xs placeholder:text-slate-400"
      />
      {showList && (
        <div className="absolute right-0 left-0 z-20 mt-1 rounded-md border border-slate-200 bg-white shadow-lg">
          {results.isFetching && found.length === 0 ? (
            <p className="flex items-center gap-2 px-3 py-2 text-sm text-slate-600">
              <Spinner /> Recherche…
            </p>
          ) : found.length === 0 ? (
            <p className="px-3 py-2 text-sm text-slate-600">Aucun candidat trouvé</p>
          ) : (
            <ul id={listId} aria-label="Candidats trouvés" className="max-h-80 overflow-y-auto py-1">
              {found.map((candidate) => (
                <li key={candidate.id}>
                  <Link
                    to={candidateRecordPath(candidate.id)}
                    onClick={() => {
                      setText('');
                      setSearch('');
                    }}
                    className="block px-3 py-1.5 text-sm hover:bg-slate-50 focus-visible:bg-slate-100 focus-visible:outline-none"
                  >
                    <span className="font-medium text-slate-900">{candidate.full_name}</span>
                    {candidate.email && <span className="block text-xs text-slate-500">{candidate.email}</span>}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
};
