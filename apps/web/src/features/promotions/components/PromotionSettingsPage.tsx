import { can, MESSAGES } from '@promovente/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { actorOf, useUser } from '../../../lib/auth';
import { LOTS_MENU_PARAMS, LotsMenu } from '../../buildings';
import { PEOPLE_KINDS, type PeopleKind, PeopleMenu } from '../../people';
import { PriceGridImport } from '../../price-grid';
import { promotionKeys } from '../api/promotions';
import { InformationsMenu } from './record/InformationsMenu';

/** The seven menus of the promotion record (docs/product/promotion-administration.md#promotion-record). */
const MENUS = [
  { key: 'informations', label: 'Informations' },
  { key: 'lots', label: 'Lots' },
  ...PEOPLE_KINDS.map((kind) => ({ key: kind.key, label: kind.menuLabel })),
] as const satisfies readonly { key: string; label: string }[];

type MenuKey = 'informations' | 'lots' | PeopleKind;

const MENU_KEY = 'promotion-record-menu';

const storedMenu = (): MenuKey => {
  const stored = localStorage.getItem(MENU_KEY);
  return MENUS.some((menu) => menu.key === stored) ? (stored as MenuKey) : 'informations';
};

/** An address naming a building, a lot or an associated lot is a place of the 'Lots' menu. */
const namesALot = (params: URLSearchParams) => LOTS_MENU_PARAMS.some((key) => params.has(key));

/**
 * The promotion record: always the current promotion; the chosen menu is remembered. The address
 * wins over the remembered menu: `/promotion?building=5&lot=102` opens 'Lots' on that lot, also
 * in a browser that never opened the record. While the promotion is archived every menu is
 * read-only, for admins too (the server refuses every change).
 */
export const PromotionSettingsPage = () => {
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [menu, setMenu] = useState<MenuKey>(() => (namesALot(params) ? 'lots' : storedMenu()));
  const choose = (key: MenuKey) => {
    localStorage.setItem(MENU_KEY, key);
    setMenu(key);
    // Another menu leaves the lot's address, so that a reload does not bring 'Lots' back.
    if (key !== 'lots' && namesALot(params)) {
      const next = new URLSearchParams(params);
      for (const step of LOTS_MENU_PARAMS) next.delete(step);
      setParams(next);
    }
  };
  if (!user) return null;
  const promotion = user.promotion;
  if (!promotion) return <p className="text-sm text-slate-600">{MESSAGES.noPromotion}</p>;
  // The admins' menus: the permission table's 'promotion.edit' (a broker with the admin flag).
  const admin = can(actorOf(user), 'promotion.edit');
  const editable = admin && !promotion.archived;
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">{promotion.title}</h1>
      <nav aria-label="Menus de la promotion" className="flex flex-wrap gap-1 border-b border-slate-200">
        {MENUS.map((item) => (
          <button
            key={item.key}
            type="button"
            aria-current={menu === item.key ? 'page' : undefined}
            onClick={() => choose(item.key)}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
              menu === item.key ? 'border-sky-600 text-sky-700' : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
          >
            {item.label}
          </button>
        ))}
      </nav>
      {menu === 'informations' && <InformationsMenu key={promotion.id} promotionId={promotion.id} admin={admin} />}
      {menu === 'lots' && (
        <div className="space-y-4">
          {editable && <PriceGridImport key={promotion.id} promotionId={promotion.id} />}
          <LotsMenu key={promotion.id} promotionId={promotion.id} admin={editable} />
        </div>
      )}
      {PEOPLE_KINDS.some((kind) => kind.key === menu) && (
        <PeopleMenu
          key={`${promotion.id}-${menu}`}
          promotionId={promotion.id}
          kind={menu as PeopleKind}
          admin={editable}
          onMainBrokerChanged={() => queryClient.invalidateQueries({ queryKey: promotionKeys.record(promotion.id) })}
        />
      )}
    </div>
  );
};
