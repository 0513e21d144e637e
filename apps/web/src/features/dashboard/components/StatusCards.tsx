import type { DashboardStatusCard } from '@promovente/shared';
import { cardView } from '../chart-data';

/** The four status cards: Disponibles, Optionnés, Réservés, Signés (docs/product/dashboard.md#screens). */
export const StatusCards = ({ cards, toKCHF }: { cards: DashboardStatusCard[]; toKCHF: boolean }) => (
  <ul aria-label="Statuts des lots" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
    {cards.map((card) => {
      const view = cardView(card, toKCHF);
      return (
        <li key={view.key}>
          <article
            aria-labelledby={`card-${view.key}`}
            className="rounded-lg border border-l-4 border-slate-200 bg-white p-4 shadow-sm"
            style={{ borderLeftColor: view.colour }}
          >
            <h2 id={`card-${view.key}`} className="text-sm font-medium text-slate-600">
              {view.label}
            </h2>
            <p className="mt-1 text-2xl font-semibold text-slate-900" data-testid={`card-value-${view.key}`}>
              {view.value}
            </p>
            <p className="mt-1 flex justify-between text-sm text-slate-600">
              <span>{view.detail}</span>
              <span className="font-medium text-slate-800">{view.percentage}</span>
            </p>
          </article>
        </li>
      );
    })}
  </ul>
);
